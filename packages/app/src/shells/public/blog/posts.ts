import { parseBlocks, type Block } from './markdown';

export interface PostMeta {
  slug: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  author: string;
  summary: string;
}

export interface Post extends PostMeta {
  blocks: Block[];
}

/** Splits `---` front matter (key: value lines) from the Markdown body. */
export function parsePost(slug: string, raw: string): Post {
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(raw.replace(/\r\n/g, '\n'));
  const fields = new Map<string, string>();
  for (const line of (match?.[1] ?? '').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const field = (name: string) => {
    const value = fields.get(name);
    if (!value) throw new Error(`Blog post ${slug} has no "${name}" in its front matter`);
    return value;
  };
  return {
    slug,
    title: field('title'),
    date: field('date'),
    author: field('author'),
    summary: field('summary'),
    blocks: parseBlocks(match?.[2] ?? raw),
  };
}

const files = import.meta.glob<string>('../../../content/blog/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Every post in src/content/blog, newest first; the file name is the slug. */
export const posts: Post[] = Object.entries(files)
  .map(([file, raw]) => parsePost(file.replace(/^.*\/(.+)\.md$/, '$1'), raw))
  .sort((a, b) => b.date.localeCompare(a.date));

export function findPost(slug: string): Post | undefined {
  return posts.find((post) => post.slug === slug);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "November 3, 2026" from "2026-11-03". */
export function formatPostDate(date: string): string {
  return dateFormat.format(new Date(`${date}T00:00:00Z`));
}
