import { useTheme } from 'styled-components';
import {
  VictoryArea,
  VictoryAxis,
  VictoryBar,
  VictoryChart,
  VictoryVoronoiContainer,
} from 'victory';
import { ChartStates, type ChartStateProps } from './ChartStates';
import { CHART_PADDING, CHART_SIZE, chartStyles } from './chartStyles';
import { chartTooltip } from './chartTooltip';
import { valueTicks } from './valueTicks';

export interface UsagePoint {
  /** Month label, e.g. "Jun". */
  name: string;
  /** Minutes transcribed. */
  usage: number;
}

export interface UsageChartProps extends ChartStateProps {
  data: readonly UsagePoint[];
  variant?: 'bar' | 'area';
  /** The chart's accessible title. */
  title?: string;
}

const minutes = (value: number) => `${value.toLocaleString('en-US')} min`;

/** Minutes transcribed per month (six months by default on the overview). */
export function UsageChart({
  data,
  variant = 'bar',
  title = 'Usage by month',
  ...states
}: UsageChartProps) {
  const theme = useTheme();
  const styles = chartStyles(theme);
  const points = data.map((point) => ({ x: point.name, y: point.usage }));
  const summary = data.map((point) => `${point.name}: ${minutes(point.usage)}`).join(', ');
  const label = ({ datum }: { datum?: { x: string; y: number } }) =>
    datum ? `${datum.x}: ${minutes(datum.y)}` : '';
  const tooltip = chartTooltip(styles);
  const ticks = valueTicks(Math.max(0, ...data.map((point) => point.usage)), { whole: true });

  return (
    // Months without a minute are nothing to chart: an empty state, not axes of zeros.
    <ChartStates {...states} label={title} empty={data.every((point) => point.usage === 0)}>
      {(width) => (
        <VictoryChart
          width={width}
          height={CHART_SIZE.height}
          padding={CHART_PADDING}
          domainPadding={{ x: variant === 'bar' ? 32 : 0 }}
          domain={{ y: [0, ticks.at(-1) ?? 0] }}
          title={title}
          desc={summary}
          containerComponent={
            variant === 'area' ? <VictoryVoronoiContainer voronoiDimension="x" /> : undefined
          }
        >
          <VictoryAxis label="Month" style={styles.axis} />
          <VictoryAxis
            dependentAxis
            label="Minutes"
            style={styles.dependentAxis}
            tickValues={ticks}
            tickFormat={(t: number) => t.toLocaleString('en-US')}
          />
          {variant === 'bar' ? (
            <VictoryBar
              data={points}
              labels={label}
              labelComponent={tooltip}
              barRatio={0.6}
              cornerRadius={{ top: 4 }}
              style={{ data: { fill: styles.series } }}
            />
          ) : (
            <VictoryArea
              data={points}
              labels={label}
              labelComponent={tooltip}
              interpolation="monotoneX"
              style={{
                data: {
                  fill: styles.series,
                  fillOpacity: 0.2,
                  stroke: styles.series,
                  strokeWidth: 2,
                },
              }}
            />
          )}
        </VictoryChart>
      )}
    </ChartStates>
  );
}
