/** Theme-independent scales: type, spacing, radii, z-index, breakpoints, motion. */
export const breakpoints = { mobile: 375, tablet: 768, desktop: 1280 } as const;

export const tokens = {
  font: {
    body: "'DejaVu Sans', 'Inter', system-ui, -apple-system, 'Segoe UI', sans-serif",
    mono: "'DejaVu Sans Mono', 'JetBrains Mono', ui-monospace, monospace",
  },
  fontSize: {
    xs: '12px',
    sm: '14px',
    md: '16px',
    lg: '18px',
    xl: '22px',
    xxl: '30px',
    display: '44px',
  },
  fontWeight: { regular: 400, medium: 500, bold: 700 },
  lineHeight: { tight: 1.2, normal: 1.5 },
  space: ['0', '4px', '8px', '12px', '16px', '24px', '32px', '48px', '64px'] as const,
  radius: { sm: '4px', md: '8px', lg: '12px', pill: '999px' },
  zIndex: { base: 0, dropdown: 100, sticky: 200, overlay: 300, modal: 400, toast: 500 },
  breakpoints,
  media: {
    mobile: `@media (max-width: ${breakpoints.tablet - 1}px)`,
    tablet: `@media (min-width: ${breakpoints.tablet}px)`,
    desktop: `@media (min-width: ${breakpoints.desktop}px)`,
  },
  motion: {
    fast: '120ms',
    normal: '200ms',
    slow: '320ms',
    /** One cycle of a looping indicator (spinner, skeleton pulse). */
    loop: '1200ms',
    easing: 'cubic-bezier(0.2, 0, 0, 1)',
  },
  layout: {
    maxWidth: '1200px',
    sidebarWidth: '240px',
    headerHeight: '64px',
    dialogWidth: { sm: '400px', md: '520px', lg: '720px' },
    toastWidth: '360px',
    menuMinWidth: '200px',
    tooltipMaxWidth: '260px',
  },
} as const;
