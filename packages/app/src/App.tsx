import { lazy, Suspense, useEffect, useState } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, themes, type ThemeName } from '@parlance/ui';

const Toasts = lazy(() => import('./shared/Toasts'));

const darkQuery = '(prefers-color-scheme: dark)';

/** Follows the operating system's light or dark preference, live. */
function usePreferredTheme(): ThemeName {
  const media = globalThis.matchMedia?.(darkQuery) ?? null;
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
  router: ReturnType<typeof createBrowserRouter>;
}

/**
 * The whole app: theme, global styles, the toast viewport (mounted once) and the router. The store
 * is made when a page first needs it, and provided to the pages that use it (store/deferredStore).
 */
export function App({ router }: AppProps) {
  const theme = usePreferredTheme();
  return (
    <ThemeProvider theme={themes[theme]}>
      <GlobalStyle />
      <RouterProvider router={router} />
      <Suspense>
        <Toasts />
      </Suspense>
    </ThemeProvider>
  );
}
