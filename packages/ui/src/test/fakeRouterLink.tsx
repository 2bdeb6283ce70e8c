import type { AnchorHTMLAttributes } from 'react';
import { fn } from 'storybook/test';

/** Records client-side navigations made through a `linkComponent`, as react-router's Link would. */
export const navigate = fn();

export function FakeRouterLink({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return (
    <a
      href={href}
      {...rest}
      onClick={(event) => {
        event.preventDefault();
        onClick?.(event);
        navigate(href);
      }}
    />
  );
}
