import { useEffect, useState } from 'react';

/**
 * The width of the element given the returned callback `ref`, kept current with a
 * ResizeObserver (`fallback` until measured). A callback ref, so an element that appears after
 * the first render (a chart replacing its loading state) is observed too.
 */
export function useElementWidth<T extends HTMLElement>(fallback: number) {
  const [element, ref] = useState<T | null>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref, width };
}
