import { Skeleton } from '../components/Skeleton';
import { Frame } from './ChartStates.styles';
import { CHART_SIZE } from './chartStyles';

/**
 * A chart's place while it loads: the chart's own height, so nothing below moves when it arrives,
 * announced as loading (the skeleton itself is hidden from assistive tech). Victory-free: a page
 * shows it while `@parlance/ui/charts` is still on its way, and the charts while their data is.
 */
export function ChartLoading({ label = 'Chart' }: { label?: string }) {
  return (
    <Frame aria-busy="true" aria-label={`${label}: loading`} role="group">
      <Skeleton shape="rect" height={`${CHART_SIZE.height}px`} />
    </Frame>
  );
}
