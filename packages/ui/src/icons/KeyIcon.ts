import { createIcon } from './Icon';

export const KeyIcon = /* @__PURE__ */ createIcon('KeyIcon', [
  'M7.5 11a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z',
  'M10.7 12.3 21 2',
  'M16 7l3 3',
  'M19 4l2 2',
]);
