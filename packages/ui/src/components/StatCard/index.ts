export { StatCard } from './StatCard';
export type { StatCardProps, Trend } from './StatCard';
