import 'styled-components';
import type { Theme } from '@parlance/ui';

// The design system's theme is the app's styled-components theme.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
