export const FOOTER_TAGLINE =
  'Parlance transforms audio into text with high accuracy and helps developers bring speech recognition into everything they build.';
