export { StatusPill, capitalize } from './StatusPill';
export type { JobStatus, StatusPillProps } from './StatusPill';
