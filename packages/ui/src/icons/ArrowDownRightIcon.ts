import { createIcon } from './Icon';

export const ArrowDownRightIcon = /* @__PURE__ */ createIcon('ArrowDownRightIcon', [
  'M7 7l10 10',
  'M17 7v10H7',
]);
