import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { ChartLoading } from '@parlance/ui';

// Charts load on demand: victory stays out of every bundle that does not draw one.
const LazyUsageChart = lazy(() =>
  import('@parlance/ui/charts').then((charts) => ({ default: charts.UsageChart })),
);
const LazySpendingChart = lazy(() =>
  import('@parlance/ui/charts').then((charts) => ({ default: charts.SpendingChart })),
);

// The chart's loading state, until its code has loaded: nothing moves when it arrives.
const placeholder = <ChartLoading />;

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
