import { createIcon } from './Icon';

export const ClockIcon = /* @__PURE__ */ createIcon('ClockIcon', [
  'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  'M12 7v5l3 2',
]);
