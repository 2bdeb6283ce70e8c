import { describe, expect, test } from 'vitest';
import { shouldRedirectOn401 } from './redirectOn401';

describe('shouldRedirectOn401', () => {
  const authPages = [
    '/login',
    '/register',
    '/forgot-password',
    '/auth/callback',
    '/auth/callback?error=denied',
  ];
  const authSubPaths = [
    '/login/sso',
    '/register/verify',
    '/forgot-password/sent',
    '/auth/callback/google',
  ];
  const publicPages = ['/', '/features', '/pricing', '/contact', '/blog', '/demo'];
  const otherPages = [
    '/dashboard',
    '/dashboard/overview',
    '/dashboard/billing',
    '/docs',
    '/blog/launch',
    '/pricing/enterprise',
    '/features/',
    '/reset-password/abc',
    '/nowhere',
  ];

  test.each([...authPages, ...authSubPaths])(
    'auth page %s (prefix match) never redirects',
    (pathname) => {
      expect(shouldRedirectOn401(pathname, 'usageOverview')).toBe(false);
    },
  );

  test.each(publicPages)('public page %s (exact match) never redirects', (pathname) => {
    expect(shouldRedirectOn401(pathname, 'rates')).toBe(false);
  });

  test.each(otherPages)('any other page %s redirects', (pathname) => {
    expect(shouldRedirectOn401(pathname, 'billingInfo')).toBe(true);
  });

  test.each([...authPages, ...publicPages, ...otherPages])(
    'the current-user call never redirects, at %s',
    (pathname) => {
      expect(shouldRedirectOn401(pathname, 'me')).toBe(false);
    },
  );
});
