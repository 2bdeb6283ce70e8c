import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { useStore } from 'react-redux';
import { describe, expect, test, vi } from 'vitest';
import { deferStore, withStore } from './deferredStore';
import type { AppStore } from './store';

const aStore = () =>
  ({ getState: () => ({}), subscribe: () => () => undefined }) as unknown as AppStore;

describe('deferStore', () => {
  test('makes the store on the first load only, and tells subscribers once', async () => {
    const made = aStore();
    const make = vi.fn(() => Promise.resolve(made));
    const deferred = deferStore(make);
    const listener = vi.fn();
    deferred.subscribe(listener);
    expect(make).not.toHaveBeenCalled();
    expect(deferred.current()).toBeNull();
    const [first, second] = await Promise.all([deferred.load(), deferred.load()]);
    expect(first).toBe(made);
    expect(second).toBe(made);
    await deferred.load();
    expect(make).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(deferred.current()).toBe(made);
  });

  test('a store whose code failed to load is tried again on the next need', async () => {
    const made = aStore();
    const make = vi
      .fn<() => Promise<AppStore>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(made);
    const deferred = deferStore(make);
    await expect(deferred.load()).rejects.toThrow('Failed to fetch');
    expect(deferred.current()).toBeNull();
    await expect(deferred.load()).resolves.toBe(made);
    expect(make).toHaveBeenCalledTimes(2);
  });

  test('a page that uses the store waits for it, and renders inside a Provider of it', async () => {
    const made = aStore();
    let resolve: (store: AppStore) => void = () => undefined;
    deferStore(() => new Promise<AppStore>((r) => (resolve = r)));
    const Page = () => (useStore() === made ? 'the app store' : 'another store');
    let loaded = false;
    const loading = withStore(() => Promise.resolve({ Component: Page, handle: 'kept' }))().then(
      (route) => {
        loaded = true;
        return route;
      },
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(loaded).toBe(false);
    resolve(made);
    const route = await loading;
    expect(route.handle).toBe('kept');
    expect(renderToString(createElement(route.Component))).toBe('the app store');
  });
});

describe('without a deferred store (tests, stories)', () => {
  test('a route module is left as it is', async () => {
    vi.resetModules();
    const fresh = await import('./deferredStore');
    const route = { Component: () => null };
    await expect(fresh.withStore(() => Promise.resolve(route))()).resolves.toBe(route);
    await expect(fresh.storeProvider()).resolves.toBeNull();
  });
});
