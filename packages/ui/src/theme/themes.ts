import { palette } from './palette';
import { tokens } from './tokens';

export const lightTheme = {
  ...tokens,
  name: 'light' as 'light' | 'dark',
  color: {
    background: palette.gray50,
    surface: palette.white,
    surfaceRaised: palette.white,
    surfaceMuted: palette.gray100,
    border: palette.gray200,
    borderStrong: palette.gray400,
    text: palette.gray900,
    textMuted: palette.gray600,
    textInverse: palette.white,
    primary: palette.indigo600,
    primaryHover: palette.indigo700,
    primarySubtle: palette.indigo100,
    /** Text on `primarySubtle` (badges, active nav items). */
    primarySubtleText: palette.indigo700,
    textOnPrimary: palette.white,
    focusRing: palette.indigo500,
    danger: palette.red700,
    dangerHover: palette.red900,
    dangerSubtle: palette.red100,
    textDanger: palette.red700,
    success: palette.green700,
    successSubtle: palette.green100,
    warning: palette.amber800,
    warningSubtle: palette.amber100,
    info: palette.blue700,
    infoSubtle: palette.blue100,
    overlay: 'rgba(15, 23, 42, 0.55)',
    chart: [
      palette.indigo600,
      palette.green700,
      palette.amber800,
      palette.red700,
    ] as readonly string[],
  },
  shadow: {
    sm: '0 1px 2px rgba(15, 23, 42, 0.08)',
    md: '0 4px 12px rgba(15, 23, 42, 0.10)',
    lg: '0 12px 32px rgba(15, 23, 42, 0.18)',
  },
};

export type Theme = typeof lightTheme;

export const darkTheme: Theme = {
  ...lightTheme,
  name: 'dark',
  color: {
    ...lightTheme.color,
    background: palette.gray950,
    surface: palette.gray900,
    surfaceRaised: palette.gray800,
    surfaceMuted: palette.gray800,
    border: palette.gray700,
    borderStrong: palette.gray500,
    text: palette.gray50,
    textMuted: palette.gray400,
    textInverse: palette.gray900,
    primary: palette.indigo400,
    primaryHover: palette.indigo300,
    primarySubtle: palette.indigo900,
    primarySubtleText: palette.indigo300,
    textOnPrimary: palette.gray950,
    focusRing: palette.indigo300,
    danger: palette.red300,
    dangerHover: palette.red100,
    dangerSubtle: palette.red900,
    textDanger: palette.red300,
    success: palette.green300,
    successSubtle: palette.green900,
    warning: palette.amber300,
    warningSubtle: palette.amber900,
    info: palette.blue300,
    infoSubtle: palette.blue900,
    overlay: 'rgba(2, 6, 23, 0.7)',
    chart: [palette.indigo400, palette.green300, palette.amber300, palette.red300],
  },
  shadow: {
    sm: '0 1px 2px rgba(0, 0, 0, 0.4)',
    md: '0 4px 12px rgba(0, 0, 0, 0.5)',
    lg: '0 12px 32px rgba(0, 0, 0, 0.6)',
  },
};

export const themes = { light: lightTheme, dark: darkTheme } as const;
export type ThemeName = keyof typeof themes;
