const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A human file size in binary units: 0 B, 512 B, 1.5 KB, 25 MB (one decimal, trailing .0 dropped). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) throw new RangeError(`Not a byte count: ${bytes}`);
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = unit === 0 ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${rounded} ${units[unit]}`;
}
