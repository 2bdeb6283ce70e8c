import type { DefaultTheme } from 'styled-components';

/**
 * A speaker's colour: the theme's categorical colours in order of label, A the first, B the
 * second, …, starting again after the last, so a label has the same colour on every page.
 */
export function speakerColor(theme: DefaultTheme, label: string): string {
  const colors = theme.color.chart;
  const offset = (label.codePointAt(0) ?? 0) - 'A'.charCodeAt(0);
  return colors[((offset % colors.length) + colors.length) % colors.length] ?? theme.color.primary;
}
