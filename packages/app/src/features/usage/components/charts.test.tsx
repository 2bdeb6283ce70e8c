import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type * as Charts from './charts';

const loads = vi.hoisted(() => vi.fn());
vi.mock('@parlance/ui/charts', () => {
  loads();
  return {
    UsageChart: () => <p>usage chart drawn</p>,
    SpendingChart: () => <p>spending chart drawn</p>,
  };
});

/** An IntersectionObserver the test moves: `show(entry)` tells its callback what is on screen. */
class ScriptedObserver {
  static last: ScriptedObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    ScriptedObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(isIntersecting: boolean) {
    const entries = this.observed.map(
      (target) => ({ target, isIntersecting }) as IntersectionObserverEntry,
    );
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

/**
 * The dom project's files share one module registry: an earlier file may have loaded the real
 * chart module, and `./charts` with it. Loaded afresh here, `./charts` finds the mock above.
 */
let UsageChart: typeof Charts.UsageChart;
beforeAll(async () => {
  vi.resetModules();
  ({ UsageChart } = await import('./charts'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('charts load once their place is on screen', () => {
  // First in this file: the chart module, once loaded, stays loaded for the file's later tests.
  test('below the fold: a placeholder, and the chart code is not even loaded, until it comes on screen', async () => {
    vi.stubGlobal('IntersectionObserver', ScriptedObserver);
    renderWithProviders(<UsageChart data={[]} />);
    expect(screen.getByRole('group', { name: 'Chart: loading' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    const observer = ScriptedObserver.last;
    expect(observer?.observed).toHaveLength(1);
    observer?.show(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('usage chart drawn')).toBeNull();
    expect(loads).not.toHaveBeenCalled();

    observer?.show(true);
    expect(await screen.findByText('usage chart drawn')).toBeInTheDocument();
    expect(loads).toHaveBeenCalledTimes(1);
    expect(observer?.disconnected).toBe(true);
  });

  test('where the browser cannot tell what is on screen, the chart is drawn at once', async () => {
    renderWithProviders(<UsageChart data={[]} />);
    expect(await screen.findByText('usage chart drawn')).toBeInTheDocument();
  });
});
