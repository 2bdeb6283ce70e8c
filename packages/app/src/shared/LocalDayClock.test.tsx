import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { LocalDayClock } from './LocalDayClock';
import { NowProvider, useNow } from './now';

afterEach(() => vi.useRealTimers());

function Today() {
  return <p>day {useNow().getDate()}</p>;
}

test("turns at the user's local midnight in a dashboard left open, and not before", () => {
  vi.useFakeTimers({ now: new Date(2026, 10, 25, 23, 59, 58) });
  render(
    <LocalDayClock>
      <Today />
    </LocalDayClock>,
  );
  expect(screen.getByText('day 25')).toBeInTheDocument();
  act(() => void vi.advanceTimersByTime(1_000));
  expect(screen.getByText('day 25')).toBeInTheDocument();
  act(() => void vi.advanceTimersByTime(1_500));
  expect(screen.getByText('day 26')).toBeInTheDocument();
  // And again the next night.
  act(() => void vi.advanceTimersByTime(24 * 60 * 60 * 1000));
  expect(screen.getByText('day 27')).toBeInTheDocument();
});

test('leaves a "now" fixed above it (stories, tests) as it is', () => {
  vi.useFakeTimers({ now: new Date(2026, 10, 25, 23, 59, 58) });
  render(
    <NowProvider now={new Date(2026, 0, 3, 12)}>
      <LocalDayClock>
        <Today />
      </LocalDayClock>
    </NowProvider>,
  );
  act(() => void vi.advanceTimersByTime(24 * 60 * 60 * 1000));
  expect(screen.getByText('day 3')).toBeInTheDocument();
});
