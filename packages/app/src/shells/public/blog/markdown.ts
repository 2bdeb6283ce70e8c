/**
 * A small Markdown subset for the blog, parsed to data and rendered as React elements (never as
 * HTML strings): headings, paragraphs, lists, fenced code, block quotes, inline code, bold,
 * italics and links.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'quote'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'code'; language: string; code: string };

const LIST_ITEM = /^(\s*)([-*]|\d+\.)\s+(.*)$/;

export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const fence = /^```\s*([\w-]*)\s*$/.exec(line);
    if (fence) {
      const code: string[] = [];
      i += 1;
      while (i < lines.length && !/^```\s*$/.test(lines[i] ?? '')) code.push(lines[i++] ?? '');
      i += 1;
      blocks.push({ type: 'code', language: fence[1] || 'text', code: code.join('\n') });
      continue;
    }
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      // A post's title is its h1 (from the front matter): headings in the body start at h2.
      const level = Math.min(4, Math.max(2, (heading[1] ?? '').length)) as 2 | 3 | 4;
      blocks.push({ type: 'heading', level, text: (heading[2] ?? '').trim() });
      i += 1;
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = /\d/.test(item[2] ?? '');
      const items: string[] = [];
      while (i < lines.length) {
        const next = LIST_ITEM.exec(lines[i] ?? '');
        if (next) {
          items.push(next[3] ?? '');
        } else if (/^\s{2,}\S/.test(lines[i] ?? '') && items.length) {
          items[items.length - 1] += ` ${(lines[i] ?? '').trim()}`;
        } else {
          break;
        }
        i += 1;
      }
      blocks.push({ type: 'list', ordered, items });
      continue;
    }
    const isQuote = line.startsWith('>');
    const text: string[] = [];
    while (i < lines.length) {
      const current = lines[i] ?? '';
      if (
        !current.trim() ||
        /^```/.test(current) ||
        /^#{1,4}\s/.test(current) ||
        LIST_ITEM.test(current)
      )
        break;
      if (current.startsWith('>') !== isQuote) break;
      text.push(isQuote ? current.replace(/^>\s?/, '') : current.trim());
      i += 1;
    }
    blocks.push({ type: isQuote ? 'quote' : 'paragraph', text: text.join(' ').trim() });
  }
  return blocks;
}

/** Links may point only at the site itself, http(s) and mailto: nothing that runs script. */
export function safeHref(href: string): string | null {
  const value = href.trim();
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  if (value.startsWith('#')) return value;
  return /^(https?:|mailto:)/i.test(value) ? value : null;
}

const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|\*(.+?)\*|_(.+?)_|\[([^\]]+)\]\(([^)\s]+)\)/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push({ type: 'text', text: rest });
      break;
    }
    if (match.index > 0) out.push({ type: 'text', text: rest.slice(0, match.index) });
    const [whole, code, strong, em, em2, linkText, href] = match;
    if (code !== undefined) out.push({ type: 'code', text: code });
    else if (strong !== undefined) out.push({ type: 'strong', children: parseInline(strong) });
    else if (em !== undefined || em2 !== undefined)
      out.push({ type: 'em', children: parseInline(em ?? em2 ?? '') });
    else if (linkText !== undefined && href !== undefined) {
      const safe = safeHref(href);
      out.push(
        safe
          ? { type: 'link', href: safe, children: parseInline(linkText) }
          : { type: 'text', text: linkText },
      );
    }
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}
