/**
 * Marks the prerendered home page inside #root (scripts/prerender.ts writes it, main.tsx replaces
 * it with the running app).
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
