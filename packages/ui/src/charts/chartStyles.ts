import type { DefaultTheme } from 'styled-components';

/** Chart geometry in SVG user units: the chart scales to its container's width. */
export const CHART_SIZE = { width: 640, height: 280 } as const;
export const CHART_PADDING = { top: 16, right: 16, bottom: 48, left: 64 } as const;

/** Victory style objects built from the theme, so charts follow light and dark. */
export function chartStyles(theme: DefaultTheme) {
  const label = {
    fill: theme.color.textMuted,
    fontFamily: theme.font.body,
    fontSize: theme.fontSize.xs,
  };
  const series = theme.color.chart[0] ?? theme.color.primary;
  return {
    series,
    axis: {
      axis: { stroke: theme.color.border },
      grid: { stroke: 'none' },
      ticks: { stroke: 'none' },
      tickLabels: { ...label, padding: 8 },
      axisLabel: { ...label, fontWeight: theme.fontWeight.medium, padding: 32 },
    },
    dependentAxis: {
      axis: { stroke: 'none' },
      grid: { stroke: theme.color.border, strokeDasharray: '4 4' },
      ticks: { stroke: 'none' },
      tickLabels: { ...label, padding: 8 },
      axisLabel: { ...label, fontWeight: theme.fontWeight.medium, padding: 48 },
    },
    tooltip: {
      text: { fill: theme.color.text, fontFamily: theme.font.body, fontSize: theme.fontSize.sm },
      flyout: { fill: theme.color.surfaceRaised, stroke: theme.color.border, strokeWidth: 1 },
    },
  };
}
