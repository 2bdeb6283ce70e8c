import type { ReactNode } from 'react';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion';
import { TransitionRoot, type TransitionVariant } from './PageTransition.styles';

export interface PageTransitionProps {
  /** Changes with the route (e.g. location.pathname): each change plays the entrance again. */
  transitionKey: string;
  variant?: TransitionVariant;
  children: ReactNode;
  className?: string;
}

/** Fades or slides a page in when the route changes; does nothing under prefers-reduced-motion. */
export function PageTransition({
  transitionKey,
  variant = 'slide',
  children,
  className,
}: PageTransitionProps) {
  const reduced = usePrefersReducedMotion();
  return (
    <TransitionRoot
      key={reduced ? 'static' : transitionKey}
      $variant={variant}
      $animate={!reduced}
      data-animate={reduced ? 'false' : 'true'}
      className={className}
    >
      {children}
    </TransitionRoot>
  );
}
