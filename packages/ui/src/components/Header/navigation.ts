/** The marketing site's primary links, shown in the header and its mobile menu. */
export const headerLinks = [
  { label: 'Features', href: '/features' },
  { label: 'Pricing', href: '/pricing' },
  { label: 'Docs', href: '/docs' },
  { label: 'Blog', href: '/blog' },
] as const;

/** The header turns solid once the page has scrolled more than this many pixels. */
export const HEADER_SOLID_SCROLL_THRESHOLD = 10;
