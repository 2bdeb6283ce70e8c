import type { AnchorHTMLAttributes, ComponentType } from 'react';
import { VisuallyHidden } from '../../styles/visuallyHidden';
import { StyledLink, type LinkVariant } from './Link.styles';

/** A component that renders a link from an `href`, e.g. a wrapper around react-router's Link. */
export type LinkComponent = ComponentType<
  AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }
>;

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  variant?: LinkVariant;
  /** Renders through this component instead of a plain `<a>` (client-side routing). */
  linkComponent?: LinkComponent;
  /** Opens in a new tab, safely (`noopener noreferrer`), and says so to screen readers. */
  external?: boolean;
}

/** A styled anchor. Navigation stays with the app: pass its router link as `linkComponent`. */
export function Link({
  variant = 'inline',
  linkComponent,
  external = false,
  children,
  ...rest
}: LinkProps) {
  const externalProps = external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <StyledLink as={linkComponent} $variant={variant} {...externalProps} {...rest}>
      {children}
      {external && <VisuallyHidden> (opens in a new tab)</VisuallyHidden>}
    </StyledLink>
  );
}
