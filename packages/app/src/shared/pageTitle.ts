import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

/**
 * Route data: the page's title, which the browser tab shows ("Pricing · Parlance") and the
 * dashboard's top bar too. A function of the route's loader data for a page titled by what it
 * shows (a blog post).
 */
export interface TitledHandle {
  title: string | ((data: unknown) => string);
}

/** A route's handle with a fixed title. */
export const titled = (title: string): TitledHandle => ({ title });

const SITE_NAME = 'Parlance';

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): string | undefined {
  const titles = useMatches().flatMap((match) => {
    const title = (match.handle as Partial<TitledHandle> | undefined)?.title;
    if (title === undefined) return [];
    return [typeof title === 'function' ? title(match.data) : title];
  });
  return titles.at(-1);
}

/** Names the page in the browser tab, history and bookmarks: "<title> · Parlance". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
