import { expect, it } from 'vitest';
import { pagePatterns } from './pagePatterns';
import { posts } from './shells/public/blog/posts';

it("lists every page of the app for the server's 404s, each blog post by its path", () => {
  const pages = pagePatterns();
  expect(pages).toEqual(
    expect.arrayContaining(['/', '/pricing', '/dashboard/overview', '/dashboard/history/:id']),
  );
  expect(pages).toEqual(expect.arrayContaining(posts.map((post) => `/blog/${post.slug}`)));
  expect(posts.length).toBeGreaterThan(0);
  // Patterns only where a page takes any value; the server's own pages are its routes.
  expect(pages).not.toContain('/blog/:slug');
  expect(pages).not.toContain('/api/reference');
  expect(new Set(pages).size).toBe(pages.length);
});
