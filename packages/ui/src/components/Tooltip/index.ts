export { Tooltip } from './Tooltip';
export type { TooltipProps } from './Tooltip';
export type { TooltipPlacement } from './Tooltip.styles';
