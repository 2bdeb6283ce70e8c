export { Header } from './Header';
export type { HeaderHrefs, HeaderLink, HeaderProps } from './Header';
export { HEADER_SOLID_SCROLL_THRESHOLD } from './navigation';
