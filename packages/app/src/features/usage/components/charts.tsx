import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@parlance/ui';

// Charts load on demand: victory stays out of every bundle that does not draw one.
const LazyUsageChart = lazy(() =>
  import('@parlance/ui/charts').then((charts) => ({ default: charts.UsageChart })),
);
const LazySpendingChart = lazy(() =>
  import('@parlance/ui/charts').then((charts) => ({ default: charts.SpendingChart })),
);

const placeholder = <Skeleton shape="rect" width="100%" height="280px" />;

export function UsageChart(props: ComponentProps<typeof LazyUsageChart>) {
  return (
    <Suspense fallback={placeholder}>
      <LazyUsageChart {...props} />
    </Suspense>
  );
}

export function SpendingChart(props: ComponentProps<typeof LazySpendingChart>) {
  return (
    <Suspense fallback={placeholder}>
      <LazySpendingChart {...props} />
    </Suspense>
  );
}
