import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import type { LinkComponent } from '@parlance/ui';

/** A URL with a scheme (https:, mailto:) or protocol-relative: not a path of this app. */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of the app (an absolute URL renders a plain link). */
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The app's link: an anchor that navigates in the router, built from react-router's `useHref` and
 * `useLinkClickHandler` (its documented pieces for custom links). Use it rather than
 * react-router's `<Link>`, whose framework-mode prefetching (about 2 KB gzipped) the app never
 * uses and every first visit would download: `npm run size` fails when that comes back.
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  if (ABSOLUTE_URL.test(to)) return <a {...rest} href={to} target={target} onClick={onClick} />;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

/** The app's Link for the UI package's `linkComponent` props (which pass `href`). */
export const RouterLink: LinkComponent = ({ href, ...rest }) => <Link to={href} {...rest} />;
