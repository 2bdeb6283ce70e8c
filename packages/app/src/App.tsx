import { lazy, Suspense, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, themes, type ThemeName } from '@parlance/ui';
import type { AppStore } from './store/store';

const Toasts = lazy(() => import('./shared/Toasts'));

const darkQuery = '(prefers-color-scheme: dark)';

/** Follows the operating system's light or dark preference, live. */
function usePreferredTheme(): ThemeName {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(darkQuery) : null;
  const [dark, setDark] = useState(media?.matches ?? false);
  useEffect(() => {
    if (!media) return undefined;
    const update = (event: MediaQueryListEvent) => setDark(event.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, [media]);
  return dark ? 'dark' : 'light';
}

export interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
}

/** The whole app: store, theme, global styles, the toast viewport (mounted once) and the router. */
export function App({ store, router }: AppProps) {
  const theme = usePreferredTheme();
  return (
    <Provider store={store}>
      <ThemeProvider theme={themes[theme]}>
        <GlobalStyle />
        <RouterProvider router={router} />
        <Suspense>
          <Toasts />
        </Suspense>
      </ThemeProvider>
    </Provider>
  );
}
