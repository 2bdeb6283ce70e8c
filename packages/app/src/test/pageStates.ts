import type { ComponentType } from 'react';
import type { StoryContext } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import { expect, waitFor } from 'storybook/test';
import { authHandlers } from '@parlance/mocks';
import { routeStoryParameters } from './routeStoryParameters';

type Canvas = StoryContext['canvas'];
/** One thing a story's play looks for on the rendered page. */
export type Check = (canvas: Canvas) => Promise<unknown>;
type Handlers = Record<string, AnyHandler[]>;
/** A mock domain's scenarios (`transcriptsHandlers`, `usageHandlers`, …): every one has these. */
type HandlerSet = Handlers & Record<'slow' | 'error' | 'empty', AnyHandler[]>;

/** The public site's pages render for a visitor who has not signed in. */
export const signedOut: Handlers = { auth: authHandlers.empty };

/**
 * A route page's story meta and its standard states, each state a story whose play runs `checks`
 * in order. `loading`, `error` and `empty` switch every domain in `domains` (keyed as in
 * `parameters.msw.handlers`) to its `slow`, `error` or `empty` scenario, and `scenario` to any
 * other one the domains all have; `populated` keeps the default handlers. `base` handlers (e.g.
 * `signedOut`) are set on the meta and repeated first in each state, so a state still names every
 * handler it runs with. The caller keeps `title` in its own meta literal: Storybook reads it from
 * the source, not at run time.
 */
export function pageStates<
  Props extends { path: string },
  Domains extends Record<string, HandlerSet> = Record<string, never>,
>(component: ComponentType<Props>, path: string, domains?: Domains, base: Handlers = {}) {
  const withBase = Object.keys(base).length > 0 ? { msw: { handlers: base } } : {};
  // A state's play checks at least one thing.
  type Checks = [Check, ...Check[]];
  const play =
    (checks: Checks) =>
    async ({ canvas }: { canvas: Canvas }) => {
      for (const check of checks) await check(canvas);
    };
  const state =
    (name: string) =>
    (...checks: Checks) => ({
      parameters: {
        msw: {
          handlers: {
            ...base,
            ...Object.fromEntries(
              Object.entries(domains ?? {}).map(([key, handlers]) => [key, handlers[name]]),
            ),
          },
        },
      },
      play: play(checks),
    });
  return {
    meta: { component, args: { path }, parameters: { ...routeStoryParameters, ...withBase } },
    populated: (...checks: Checks) => ({ play: play(checks) }),
    loading: state('slow'),
    error: state('error'),
    empty: state('empty'),
    scenario: (name: keyof Domains[keyof Domains] & string) => state(name),
  };
}

/** The loading state: the element stands in place, marked busy (its skeleton shows). */
export const busy =
  (role: string, name: string, options?: { timeout: number }): Check =>
  async (canvas) =>
    expect(await canvas.findByRole(role, { name }, options)).toHaveAttribute('aria-busy', 'true');

/**
 * The error state: the server's 500 message (the mocks' `error` scenario), shown by exactly
 * `count` blocks of the page once they have all failed.
 */
export const serverError =
  (count = 1, options?: { timeout: number }): Check =>
  (canvas) =>
    waitFor(
      () => expect(canvas.getAllByText(/Something went wrong on our side/)).toHaveLength(count),
      options,
    );
