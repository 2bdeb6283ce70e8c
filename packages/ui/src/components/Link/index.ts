export { Link } from './Link';
export type { LinkComponent, LinkProps } from './Link';
export type { LinkVariant } from './Link.styles';
