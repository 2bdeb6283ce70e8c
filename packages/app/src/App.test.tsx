import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, test, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@parlance/contract/endpoints';
import { App } from './App';
import { routerOptions, routes } from './routes';
import { deferStore } from './store/deferredStore';

/** The browser app as main.tsx starts it, at `path`: its store is made on first need. */
function renderApp(path: string) {
  const make = vi.fn(() => import('./store/startStore').then((m) => m.startStore()));
  const store = deferStore(make);
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [path] });
  return { make, store, router, ...render(<App router={router} />) };
}

/** The site header (the page's first banner landmark). */
const header = () => within(screen.getAllByRole('banner')[0]!);

describe('App: the store is made when a page needs it', () => {
  test("a signed-out visitor's home page renders without it; a sign-in page makes it", async () => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; max-age=0; path=/`;
    const { make, store, router } = renderApp('/');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Speech to text that developers trust',
      }),
    ).toBeVisible();
    expect(header().getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/login');
    expect(make).not.toHaveBeenCalled();
    expect(store.current()).toBeNull();

    await router.navigate('/login');
    expect(await screen.findByLabelText('Email')).toBeVisible();
    expect(make).toHaveBeenCalledTimes(1);
    expect(store.current()).not.toBeNull();
    // The header asks for the session once the store is there: still none.
    expect(header().getAllByRole('link', { name: 'Sign In' })[0]).toBeVisible();
  });

  test('a browser that may hold a session shows it in the header once the store is made', async () => {
    const { make, store } = renderApp('/');
    void store.load();
    await waitFor(() =>
      expect(header().getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute(
        'href',
        '/dashboard/overview',
      ),
    );
    expect(make).toHaveBeenCalledTimes(1);
    await userEvent.click(header().getAllByRole('button', { name: 'Log Out' })[0]!);
    await waitFor(() =>
      expect(header().getAllByRole('link', { name: 'Sign In' })[0]).toBeInTheDocument(),
    );
  });

  test('the dashboard waits for the store, then renders with the session', async () => {
    const { make } = renderApp('/dashboard/overview');
    expect(await screen.findByRole('heading', { level: 1, name: /overview/i })).toBeVisible();
    expect(make).toHaveBeenCalledTimes(1);
  });
});
