import { createIcon } from './Icon';

export const RefreshIcon = /* @__PURE__ */ createIcon('RefreshIcon', [
  'M21 12a9 9 0 0 1-15.5 6.2L3 16',
  'M3 12a9 9 0 0 1 15.5-6.2L21 8',
  'M21 3v5h-5',
  'M3 21v-5h5',
]);

// Icons used by the input, overlay and feedback components.
