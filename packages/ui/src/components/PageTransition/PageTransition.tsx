import { useState, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '../../hooks/usePrefersReducedMotion';
import { TransitionRoot, type TransitionVariant } from './PageTransition.styles';

export interface PageTransitionProps {
  /**
   * Changes with the route (e.g. location.pathname): each change plays the entrance again. The
   * first page is there at once (a prerendered page is not faded out and in again).
   */
  transitionKey: string;
  variant?: TransitionVariant;
  children: ReactNode;
  className?: string;
}

/**
 * Fades or slides a page in when the route changes (not the first page); does nothing under
 * prefers-reduced-motion.
 */
export function PageTransition({
  transitionKey,
  variant = 'slide',
  children,
  className,
}: PageTransitionProps) {
  const reduced = usePrefersReducedMotion();
  // The first page's key until the key first changes, then null.
  const [firstKey, setFirstKey] = useState<string | null>(transitionKey);
  if (firstKey !== null && transitionKey !== firstKey) setFirstKey(null);
  const animate = firstKey === null && !reduced;
  return (
    <TransitionRoot
      key={reduced ? 'static' : transitionKey}
      $variant={variant}
      $animate={animate}
      data-animate={animate ? 'true' : 'false'}
      className={className}
    >
      {children}
    </TransitionRoot>
  );
}
