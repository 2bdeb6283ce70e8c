import type { ReactNode } from 'react';
import { useElementWidth } from '../hooks/useElementWidth';
import { EmptyState } from '../components/EmptyState';
import { ErrorState } from '../components/ErrorState';
import { ChartLoading } from './ChartLoading';
import { Frame, StateFrame } from './ChartStates.styles';
import { CHART_SIZE } from './chartStyles';

export interface ChartStateProps {
  loading?: boolean;
  /** An error message replaces the chart; `onRetry` adds a retry button. */
  error?: string;
  onRetry?: () => void;
  /** Shown when there is no data. */
  emptyMessage?: string;
}

/**
 * Loading, error and empty states shared by the charts; otherwise renders the chart at the
 * container's width, so its text keeps its size on narrow screens instead of shrinking. While
 * loading, and with an error or no data, it takes the chart's height: nothing below moves when the
 * chart or its state arrives.
 */
export function ChartStates({
  loading,
  error,
  onRetry,
  empty,
  emptyMessage = 'No data for this period yet.',
  label,
  children,
}: ChartStateProps & { empty: boolean; label: string; children: (width: number) => ReactNode }) {
  const { ref, width } = useElementWidth<HTMLDivElement>(CHART_SIZE.width);
  if (loading) return <ChartLoading label={label} />;
  if (error) {
    return (
      <StateFrame>
        <ErrorState message={error} onRetry={onRetry} title="Chart unavailable" />
      </StateFrame>
    );
  }
  if (empty) {
    return (
      <StateFrame>
        <EmptyState title="Nothing to chart" description={emptyMessage} />
      </StateFrame>
    );
  }
  return <Frame ref={ref}>{children(width)}</Frame>;
}
