import { describe, expect, test } from 'vitest';
import { parseBlocks, parseInline, safeHref } from './markdown';

describe('parseBlocks', () => {
  test('headings, paragraphs joined across lines, lists and fenced code', () => {
    const blocks = parseBlocks(
      [
        '## Why',
        'First line',
        'second line.',
        '',
        '- one',
        '- two',
        '',
        '1. first',
        '2. second',
        '',
        '```bash',
        'curl -F a=b',
        '  indented',
        '```',
        '> quoted',
        '> text',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 2, text: 'Why' },
      { type: 'paragraph', text: 'First line second line.' },
      { type: 'list', ordered: false, items: ['one', 'two'] },
      { type: 'list', ordered: true, items: ['first', 'second'] },
      { type: 'code', language: 'bash', code: 'curl -F a=b\n  indented' },
      { type: 'quote', text: 'quoted text' },
    ]);
  });

  test('an h1 in a post body becomes h2: the page has one h1, the title', () => {
    expect(parseBlocks('# Big')).toEqual([{ type: 'heading', level: 2, text: 'Big' }]);
  });

  test('HTML stays text', () => {
    expect(parseBlocks('<script>alert(1)</script>')).toEqual([
      { type: 'paragraph', text: '<script>alert(1)</script>' },
    ]);
  });
});

describe('parseInline', () => {
  test('code, bold, italics and links', () => {
    expect(parseInline('Use `model` with **care** and *style*, see [docs](/docs).')).toEqual([
      { type: 'text', text: 'Use ' },
      { type: 'code', text: 'model' },
      { type: 'text', text: ' with ' },
      { type: 'strong', children: [{ type: 'text', text: 'care' }] },
      { type: 'text', text: ' and ' },
      { type: 'em', children: [{ type: 'text', text: 'style' }] },
      { type: 'text', text: ', see ' },
      { type: 'link', href: '/docs', children: [{ type: 'text', text: 'docs' }] },
      { type: 'text', text: '.' },
    ]);
  });

  test('unsafe link targets are dropped, keeping the text', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { type: 'text', text: 'click' },
      { type: 'text', text: ')' },
    ]);
  });
});

describe('safeHref', () => {
  test.each([
    ['/docs', '/docs'],
    ['#section', '#section'],
    ['https://example.com', 'https://example.com'],
    ['mailto:hello@example.com', 'mailto:hello@example.com'],
    ['javascript:alert(1)', null],
    ['//evil.example', null],
    ['data:text/html,hi', null],
  ])('%s → %s', (href, expected) => {
    expect(safeHref(href)).toBe(expected);
  });
});
