import { createIcon } from './Icon';

export const GridIcon = /* @__PURE__ */ createIcon('GridIcon', [
  'M3 3h7v7H3z',
  'M14 3h7v7h-7z',
  'M14 14h7v7h-7z',
  'M3 14h7v7H3z',
]);
