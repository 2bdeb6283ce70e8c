export { Footer } from './Footer';
export type { FooterColumn, FooterProps } from './Footer';
export { FOOTER_TAGLINE } from './tagline';
