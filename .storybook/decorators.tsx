import type { Decorator } from '@storybook/react-vite';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import styled, { createGlobalStyle, ThemeProvider } from 'styled-components';
import { GlobalStyle, themes, type ThemeName } from '@parlance/ui';
import type { RootState } from '../packages/app/src/store/rootReducer';
import { makeStore } from '../packages/app/src/store/store';

export type ThemeGlobal = ThemeName | 'side-by-side';

/** Animations, transitions and the caret are frozen in test runs so snapshots are stable. */
const FrozenMotion = createGlobalStyle`
  *, *::before, *::after {
    animation: none !important;
    transition: none !important;
    caret-color: transparent !important;
  }
`;

const SideBySide = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  min-height: 100vh;
`;

const Pane = styled.div`
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme }) => theme.color.background};
  color: ${({ theme }) => theme.color.text};
`;

export const withTheme: Decorator = (Story, context) => {
  const choice = (context.globals.theme ?? 'light') as ThemeGlobal;
  const frozen = import.meta.env.MODE === 'test' || context.globals.motion === 'off';
  if (choice === 'side-by-side') {
    return (
      <ThemeProvider theme={themes.light}>
        <GlobalStyle />
        {frozen && <FrozenMotion />}
        <SideBySide>
          {(['light', 'dark'] as const).map((name) => (
            <ThemeProvider key={name} theme={themes[name]}>
              <Pane data-theme={name}>
                <Story />
              </Pane>
            </ThemeProvider>
          ))}
        </SideBySide>
      </ThemeProvider>
    );
  }
  return (
    <ThemeProvider theme={themes[choice]}>
      <GlobalStyle />
      {frozen && <FrozenMotion />}
      <Story />
    </ThemeProvider>
  );
};

export interface StoreParameters {
  initialState?: Partial<RootState>;
}

/** A fresh Redux store per story, preloaded from `parameters.store.initialState`. */
export const withStore: Decorator = (Story, context) => {
  const params = context.parameters.store as StoreParameters | undefined;
  const store = makeStore(params?.initialState);
  return (
    <Provider store={store}>
      <Story />
    </Provider>
  );
};

export interface RouterParameters {
  /** Initial history entries, e.g. ['/dashboard/overview']. */
  initialEntries?: string[];
  /** Page stories render their own data router and set this to skip the MemoryRouter. */
  disable?: boolean;
}

/** A MemoryRouter around components that link; page stories bring the real route table. */
export const withRouter: Decorator = (Story, context) => {
  const params = context.parameters.router as RouterParameters | undefined;
  if (params?.disable) return <Story />;
  return (
    <MemoryRouter initialEntries={params?.initialEntries ?? ['/']}>
      <Story />
    </MemoryRouter>
  );
};
