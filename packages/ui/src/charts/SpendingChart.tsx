import { useTheme } from 'styled-components';
import { VictoryAxis, VictoryBar, VictoryChart } from 'victory';
import { ChartStates, type ChartStateProps } from './ChartStates';
import { CHART_PADDING, CHART_SIZE, chartStyles } from './chartStyles';
import { chartTooltip } from './chartTooltip';
import { formatChartDate, sparseTicks } from './formatChartDate';
import { valueTicks } from './valueTicks';

export interface SpendingPoint {
  /** Calendar day, YYYY-MM-DD. */
  date: string;
  /** Spent that day, in US micro-dollars (1 USD = 1,000,000). */
  costMicros: number;
  minutes: number;
}

export interface SpendingChartProps extends ChartStateProps {
  data: readonly SpendingPoint[];
  /** Micro-dollars as text, by the product's one money format (the tooltip and the summary). */
  formatCost: (costMicros: number) => string;
  /** The chart's accessible title. */
  title?: string;
}

const MICROS_PER_USD = 1_000_000;

const MAX_DATE_TICKS = 7;
/** Room one date label needs (SVG units, which equal CSS pixels at the measured width). */
const DATE_TICK_SPACING = 88;

/** Daily spend over a range (7, 30 or 90 days), with minutes in the tooltip. */
export function SpendingChart({
  data,
  formatCost,
  title = 'Daily spending',
  ...states
}: SpendingChartProps) {
  const theme = useTheme();
  const styles = chartStyles(theme);
  // x is the day's position (1…n): category strings would put every tick at the start.
  const points = data.map((point, index) => ({
    x: index + 1,
    y: point.costMicros / MICROS_PER_USD,
    ...point,
  }));
  const total = data.reduce((sum, point) => sum + point.costMicros, 0);
  const ticks = valueTicks(Math.max(0, ...points.map((point) => point.y)));
  const first = data[0];
  const last = data.at(-1);
  const summary =
    first && last
      ? `${formatCost(total)} spent from ${formatChartDate(first.date)} to ${formatChartDate(last.date)}`
      : '';
  const label = ({ datum }: { datum?: SpendingPoint }) =>
    datum
      ? `${formatChartDate(datum.date)}: ${formatCost(datum.costMicros)} · ${datum.minutes} min`
      : '';

  return (
    // Days without spend are nothing to chart: an empty state, not axes of $0.
    <ChartStates {...states} label={title} empty={total === 0}>
      {(width) => (
        <VictoryChart
          width={width}
          height={CHART_SIZE.height}
          padding={CHART_PADDING}
          domainPadding={{ x: 16 }}
          domain={{ y: [0, ticks.at(-1) ?? 0] }}
          title={title}
          desc={summary}
        >
          <VictoryAxis
            label="Date"
            style={styles.axis}
            tickValues={sparseTicks(
              points.map((point) => point.x),
              Math.max(2, Math.min(MAX_DATE_TICKS, Math.floor(width / DATE_TICK_SPACING))),
            )}
            tickFormat={(position: number) => formatChartDate(data[position - 1]?.date ?? '')}
          />
          <VictoryAxis
            dependentAxis
            label="Spend (USD)"
            style={styles.dependentAxis}
            tickValues={ticks}
            tickFormat={(value: number) =>
              `$${value.toLocaleString('en-US', { maximumFractionDigits: 6 })}`
            }
          />
          <VictoryBar
            data={points}
            labels={label}
            labelComponent={chartTooltip(styles)}
            barRatio={0.7}
            cornerRadius={{ top: 2 }}
            style={{ data: { fill: styles.series } }}
          />
        </VictoryChart>
      )}
    </ChartStates>
  );
}
