export { Header } from './Header';
export type { HeaderProps } from './Header';
export { HEADER_SOLID_SCROLL_THRESHOLD, headerLinks } from './navigation';
