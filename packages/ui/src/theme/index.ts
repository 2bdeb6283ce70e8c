export { palette } from './palette';
export { tokens, breakpoints } from './tokens';
export { lightTheme, darkTheme, themes } from './themes';
export type { Theme, ThemeName } from './themes';
export { GlobalStyle } from './GlobalStyle';
