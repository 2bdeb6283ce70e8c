import { tokens } from '../../theme/tokens';

/**
 * The spec's toast rules (section 9): one visible, 5 s auto-dismiss, 50 px swipe threshold,
 * removal delay 1,000,000 ms.
 *
 * Where the removal delay applies: in the spec's toast store a dismissed toast stays mounted,
 * closed, for TOAST_REMOVE_DELAY_MS before it is dropped from memory. react-toastify has no such
 * step: a dismissed toast unmounts as soon as its exit transition ends, and with TOAST_LIMIT = 1
 * a newer toast replaces it at once. So the constant has no counterpart in react-toastify's
 * lifecycle; it is exported so the rule is written down once and tests can refer to it.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

const px = (value: string) => Number.parseFloat(value);

/** The toast's rendered width: the token width, or the viewport less its margins when narrower. */
export function toastWidthPx(viewportWidth: number): number {
  return Math.min(px(tokens.layout.toastWidth), viewportWidth - 2 * px(tokens.space[4]));
}

/**
 * react-toastify dismisses a swiped toast once the drag passes `draggablePercent` of the toast's
 * width; this is the percentage that makes that distance TOAST_SWIPE_THRESHOLD_PX.
 */
export function draggablePercentFor(widthPx: number): number {
  return (TOAST_SWIPE_THRESHOLD_PX / widthPx) * 100;
}
