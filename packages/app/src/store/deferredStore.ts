import { useSyncExternalStore, type ComponentType } from 'react';
import type { AppStore } from './store';

/**
 * The browser app's store, made on first need: its code (Redux Toolkit, RTK Query, react-redux,
 * the session's endpoints) is a chunk of its own, which a first visit to a page that needs no store
 * (the home page of a signed-out visitor) never downloads. Nothing here imports that code.
 *
 * The pages that use the store get it from a react-redux Provider of their own (`withStore`), and
 * the public header once it is made (`useMadeStore`). Tests and stories defer no store: they render
 * everything inside a Provider of theirs, and these helpers leave that one in place.
 */
export interface DeferredStore {
  /** The store once made, else null. */
  current: () => AppStore | null;
  /** Makes the store (its code loads on the first call only) and resolves with it. */
  load: () => Promise<AppStore>;
  /** Calls `listener` once the store is made. */
  subscribe: (listener: () => void) => () => void;
}

/** The deferred store of the running app (main.tsx), or null where there is none. */
let appStore: DeferredStore | null = null;

/** The app's store, made by `make` on the first `load()`; pages that need a store wait for it. */
export function deferStore(make: () => Promise<AppStore>): DeferredStore {
  let store: AppStore | null = null;
  let making: Promise<AppStore> | null = null;
  const listeners = new Set<() => void>();
  const deferred: DeferredStore = {
    current: () => store,
    load: () => {
      making ??= make().then(
        (made) => {
          store = made;
          for (const listener of listeners) listener();
          return made;
        },
        (failure: unknown) => {
          // A chunk that could not load (offline, a newer deploy): the next need tries again.
          making = null;
          throw failure;
        },
      );
      return making;
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  appStore = deferred;
  return deferred;
}

const noSubscription = () => () => undefined;
const noDeferredStore = () => undefined;

/**
 * The app's store once made, null while it is not; undefined where no store is deferred (the
 * caller is inside a Provider of the test's or story's store).
 */
export function useMadeStore(): AppStore | null | undefined {
  const deferred = appStore;
  const current = deferred?.current ?? noDeferredStore;
  // The build's prerender (prerender.tsx) defers a store it never makes: null there too.
  return useSyncExternalStore(deferred?.subscribe ?? noSubscription, current, current);
}

/** Puts a page inside a react-redux Provider of the app's store. */
export type ProvideStore = (Page: ComponentType) => ComponentType;

/**
 * Makes the app's store (react-redux loads with it) and resolves with what puts a page inside a
 * Provider of it; null where no store is deferred.
 */
export async function storeProvider(): Promise<ProvideStore | null> {
  if (!appStore) return null;
  const [store, { provideStore }] = await Promise.all([appStore.load(), import('./provideStore')]);
  return (Page) => provideStore(store, Page);
}

/**
 * A lazy route's `lazy` for a page that reads or calls the API: its module, with its `Component`
 * inside a Provider of the app's store, made while the page's code loads.
 */
export function withStore<T extends { Component?: ComponentType | null }>(
  load: () => Promise<T>,
): () => Promise<T> {
  return async () => {
    const [route, provide] = await Promise.all([load(), storeProvider()]);
    return provide && route.Component ? { ...route, Component: provide(route.Component) } : route;
  };
}
