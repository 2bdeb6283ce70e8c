import type { ComponentType } from 'react';

/** What a page's module exports for the router. */
interface PageModule {
  Component: ComponentType;
}

/** The modules a dashboard page may be rendered by, each loaded when its page is first visited. */
const pageModules = import.meta.glob<PageModule>([
  './features/*/components/*Route.tsx',
  './shells/dashboard/*/*Route.tsx',
]);

/** The loader of a page's module, as pages.ts names it (`features/usage/components/UsageRoute`). */
export function pageModule(module: string): () => Promise<PageModule> {
  const load = pageModules[`./${module}.tsx`];
  if (!load) throw new Error(`pages.ts names ${module}, which is no page module`);
  return load;
}
