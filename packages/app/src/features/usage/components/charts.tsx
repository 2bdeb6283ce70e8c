import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { CHART_SIZE, Skeleton } from '@parlance/ui';

// Charts load on demand: victory stays out of every bundle that does not draw one.
const LazyUsageChart = lazy(() =>
  import('@parlance/ui/charts').then((charts) => ({ default: charts.UsageChart })),
);
const LazySpendingChart = lazy(() =>
  import('@parlance/ui/charts').then((charts) => ({ default: charts.SpendingChart })),
);

// The chart's own height, as its loading state has: nothing moves when it arrives. Announced as
// loading, as the chart's loading state is (the skeleton itself is hidden from assistive tech).
const placeholder = (
  <div role="group" aria-busy="true" aria-label="Chart: loading">
    <Skeleton shape="rect" width="100%" height={`${CHART_SIZE.height}px`} />
  </div>
);

/**
 * Draws `children` once their place has come on screen (and from then on); until then, the
 * chart's placeholder. A chart below the fold (on a phone, under the stat cards) costs a page's
 * start nothing: victory is the largest script a dashboard page runs, and on a slow phone loading
 * and drawing it blocks the page for a good part of a second. Where the browser cannot tell (no
 * IntersectionObserver), at once.
 */
function WhenOnScreen({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  if (!shown) return <div ref={place}>{placeholder}</div>;
  return <Suspense fallback={placeholder}>{children}</Suspense>;
}

export function UsageChart(props: ComponentProps<typeof LazyUsageChart>) {
  return (
    <WhenOnScreen>
      <LazyUsageChart {...props} />
    </WhenOnScreen>
  );
}

export function SpendingChart(props: ComponentProps<typeof LazySpendingChart>) {
  return (
    <WhenOnScreen>
      <LazySpendingChart {...props} />
    </WhenOnScreen>
  );
}
