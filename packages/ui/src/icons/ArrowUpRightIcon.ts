import { createIcon } from './Icon';

export const ArrowUpRightIcon = /* @__PURE__ */ createIcon('ArrowUpRightIcon', [
  'M7 17 17 7',
  'M7 7h10v10',
]);
