import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { useNow } from './now';

afterEach(() => vi.useRealTimers());

test("turns at the user's local midnight in a tab left open, and not before", () => {
  vi.useFakeTimers({ now: new Date(2026, 10, 25, 23, 59, 58) });
  const { result } = renderHook(() => useNow());
  expect(result.current.getDate()).toBe(25);
  act(() => void vi.advanceTimersByTime(1_000));
  expect(result.current.getDate()).toBe(25);
  act(() => void vi.advanceTimersByTime(1_500));
  expect(result.current.getDate()).toBe(26);
  // And again the next night.
  act(() => void vi.advanceTimersByTime(24 * 60 * 60 * 1000));
  expect(result.current.getDate()).toBe(27);
});
