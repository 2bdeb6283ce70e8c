import type { HTMLAttributes, ReactNode } from 'react';
import { BadgeDot, BadgeRoot, type BadgeTone } from './Badge.styles';

export type { BadgeTone };

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  /** Shows a small dot in the badge's colour before the label. */
  dot?: boolean;
  icon?: ReactNode;
}

export function Badge({ tone = 'neutral', dot = false, icon, children, ...rest }: BadgeProps) {
  return (
    <BadgeRoot $tone={tone} {...rest}>
      {dot && <BadgeDot aria-hidden="true" />}
      {icon}
      {children}
    </BadgeRoot>
  );
}
