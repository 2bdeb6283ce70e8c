import type { Preview } from '@storybook/react-vite';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { breakpoints } from '@parlance/ui';
import { handlers, setSignedInHint } from '@parlance/mocks';
import { withRouter, withStore, withTheme } from './decorators';

// Play functions wait for MSW answers and lazily loaded routes: more than the default second on a
// busy CI machine.
configure({ asyncUtilTimeout: 5000 });

// Each story's handlers say whether someone is signed in (a 401 from the current-user call means no).
setSignedInHint();

const viewports = Object.fromEntries(
  Object.entries(breakpoints).map(([name, width]) => [
    name,
    {
      name: `${name} (${width}px)`,
      styles: { width: `${width}px`, height: name === 'mobile' ? '667px' : '800px' },
    },
  ]),
);

const preview: Preview = {
  loaders: [mswLoader()],
  decorators: [withRouter, withStore, withTheme],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'contrast',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'side-by-side', title: 'Light and dark' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'padded',
    msw: { handlers },
    viewport: { options: viewports },
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    chromatic: {
      modes: {
        light: { theme: 'light' },
        dark: { theme: 'dark' },
      },
    },
  },
};

export default preview;
