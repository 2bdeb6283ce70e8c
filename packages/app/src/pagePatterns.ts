import { paths } from './paths';
import { posts } from './shells/public/blog/posts';

interface Route {
  path: string;
}

/** The route patterns under a branch of `paths`. */
function patternsOf(branch: Record<string, unknown>): string[] {
  return Object.values(branch).flatMap((entry) =>
    entry && typeof entry === 'object' && 'path' in entry
      ? [(entry as Route).path]
      : patternsOf(entry as Record<string, unknown>),
  );
}

/**
 * Every path the app has a page for, as route patterns, each blog post by its own path: the build
 * writes them to PAGES_FILE, and the server answers 404 for any other path (the app still shows
 * its not-found page there). The server's own pages (`paths.server`) are its routes already.
 */
export function pagePatterns(): string[] {
  const { server: _server, ...app } = paths;
  return patternsOf(app).flatMap((pattern) =>
    pattern === paths.blogPost.path
      ? // Plain, not URL-encoded: the server compares the decoded path.
        posts.map((post) => pattern.replace(':slug', post.slug))
      : [pattern],
  );
}
