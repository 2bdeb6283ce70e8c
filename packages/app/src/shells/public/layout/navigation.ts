import type { FooterColumn, HeaderHrefs, HeaderLink } from '@parlance/ui';
import { paths } from '../../../paths';

/** The public site's primary links, in the header and its mobile menu. */
export const headerLinks: readonly HeaderLink[] = [
  { label: 'Features', href: paths.features.getHref() },
  { label: 'Pricing', href: paths.pricing.getHref() },
  { label: 'Docs', href: paths.docs.getHref() },
  { label: 'Blog', href: paths.blog.getHref() },
];

export const headerHrefs: HeaderHrefs = {
  home: paths.home.getHref(),
  dashboard: paths.dashboard.overview.getHref(),
  signIn: paths.login.getHref(),
  signUp: paths.register.getHref(),
};

/**
 * The footer's link columns, as the spec lists them. /guides, /status, /about, /careers, /privacy,
 * /terms and /blog/roadmap have no page yet: they answer the not-found page (spec §2).
 */
export const footerColumns: readonly FooterColumn[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: paths.features.getHref() },
      { label: 'Pricing', href: paths.pricing.getHref() },
      { label: 'Demo', href: paths.demo.getHref() },
      { label: 'Roadmap', href: paths.blogPost.getHref('roadmap') },
    ],
  },
  {
    title: 'Developers',
    links: [
      { label: 'Documentation', href: paths.docs.getHref() },
      { label: 'Guides', href: '/guides' },
      { label: 'API status', href: '/status' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About', href: '/about' },
      { label: 'Blog', href: paths.blog.getHref() },
      { label: 'Careers', href: '/careers' },
      { label: 'Contact', href: paths.contact.getHref() },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', href: '/privacy' },
      { label: 'Terms', href: '/terms' },
    ],
  },
];
