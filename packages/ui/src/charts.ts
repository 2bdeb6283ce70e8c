// Chart components (victory) live behind their own entry point, `@parlance/ui/charts`, so pages
// that do not chart never load victory.
export { UsageChart } from './charts/UsageChart';
export type { UsageChartProps, UsagePoint } from './charts/UsageChart';
export { SpendingChart } from './charts/SpendingChart';
export type { SpendingChartProps, SpendingPoint } from './charts/SpendingChart';
export { formatChartDate } from './charts/formatChartDate';
