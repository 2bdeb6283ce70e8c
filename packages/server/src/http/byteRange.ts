/** Bytes `start` to `end` (inclusive) of a resource. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The range a `Range` header asks of a resource of `size` bytes (RFC 9110 §14): undefined for the
 * whole of it (no header, another unit, several ranges or a header that does not parse: each is
 * answered in full, as the RFC allows), 'unsatisfiable' for a range wholly past its end (416).
 * An end past the last byte is the last byte; `bytes=-N` is the last N bytes.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
