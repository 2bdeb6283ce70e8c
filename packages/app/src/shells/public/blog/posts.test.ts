import { describe, expect, test } from 'vitest';
import { findPost, formatPostDate, parsePost, posts } from './posts';

describe('blog posts', () => {
  test('front matter fields and the Markdown body are split', () => {
    const post = parsePost(
      'hello',
      '---\ntitle: Hello: a title with a colon\ndate: 2026-11-03\nauthor: Ada\nsummary: Short.\n---\n\n## Body\n\nText.',
    );
    expect(post).toMatchObject({
      slug: 'hello',
      title: 'Hello: a title with a colon',
      date: '2026-11-03',
      author: 'Ada',
    });
    expect(post.blocks).toEqual([
      { type: 'heading', level: 2, text: 'Body' },
      { type: 'paragraph', text: 'Text.' },
    ]);
  });

  test('a post without a required field is refused', () => {
    expect(() => parsePost('bad', '---\ntitle: x\n---\nbody')).toThrow(
      'Blog post bad has no "date"',
    );
  });

  test('the three published posts, newest first, found by slug', () => {
    expect(posts.map((post) => post.slug)).toEqual([
      'migrating-from-openai',
      'how-we-measure-accuracy',
      'introducing-parlance',
    ]);
    expect(findPost('how-we-measure-accuracy')?.title).toBe('How we measure accuracy');
    expect(findPost('roadmap')).toBeUndefined();
  });

  test('dates read as calendar days, whatever the time zone', () => {
    expect(formatPostDate('2026-11-03')).toBe('November 3, 2026');
    expect(formatPostDate('2026-01-01')).toBe('January 1, 2026');
  });
});
