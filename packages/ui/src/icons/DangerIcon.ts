import { createIcon } from './Icon';

export const DangerIcon = /* @__PURE__ */ createIcon('DangerIcon', [
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Z',
  'M15 9l-6 6',
  'M9 9l6 6',
]);
