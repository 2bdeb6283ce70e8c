export type PageItem = number | 'gap';

/**
 * Page numbers to show: all of them when there are few, otherwise the first, the last and the
 * current page with one neighbour each side, with gaps between ("1 … 4 5 6 … 20").
 */
export function pageItems(current: number, count: number): PageItem[] {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const start = Math.max(2, Math.min(current - 1, count - 4));
  const end = Math.min(count - 1, Math.max(current + 1, 5));
  const middle = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return [
    1,
    ...(start > 2 ? ['gap' as const] : []),
    ...middle,
    ...(end < count - 1 ? ['gap' as const] : []),
    count,
  ];
}
