import { describe, expect, it } from 'vitest';
import { draggablePercentFor, toastWidthPx, TOAST_SWIPE_THRESHOLD_PX } from './rules';

describe('toast swipe threshold', () => {
  it('turns the 50 px threshold into a percentage of the toast width', () => {
    const percent = draggablePercentFor(360);
    expect((360 * percent) / 100).toBeCloseTo(TOAST_SWIPE_THRESHOLD_PX);
    expect(draggablePercentFor(250)).toBe(20);
  });

  it('uses the token width on wide screens and the viewport less margins on narrow ones', () => {
    expect(toastWidthPx(1280)).toBe(360);
    expect(toastWidthPx(375)).toBe(343);
  });
});
