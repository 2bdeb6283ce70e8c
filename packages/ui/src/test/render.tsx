import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { lightTheme, type Theme } from '../theme';

export interface ThemedRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  theme?: Theme;
}

/** Renders `ui` inside the design system's ThemeProvider (light theme unless told otherwise). */
export function renderWithTheme(
  ui: ReactElement,
  { theme = lightTheme, ...options }: ThemedRenderOptions = {},
) {
  return render(ui, {
    wrapper: ({ children }) => <ThemeProvider theme={theme}>{children}</ThemeProvider>,
    ...options,
  });
}
