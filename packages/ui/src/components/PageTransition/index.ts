export { PageTransition } from './PageTransition';
export type { PageTransitionProps } from './PageTransition';
