export { Footer } from './Footer';
export type { FooterProps } from './Footer';
export { FOOTER_TAGLINE, footerColumns } from './footerLinks';
