import { VictoryTooltip } from 'victory';
import type { chartStyles } from './chartStyles';

/** The tooltip both charts show on hover, styled from the theme. */
export function chartTooltip(styles: ReturnType<typeof chartStyles>) {
  return (
    <VictoryTooltip
      style={styles.tooltip.text}
      flyoutStyle={styles.tooltip.flyout}
      cornerRadius={6}
      pointerLength={6}
      flyoutPadding={{ top: 6, bottom: 6, left: 10, right: 10 }}
    />
  );
}
