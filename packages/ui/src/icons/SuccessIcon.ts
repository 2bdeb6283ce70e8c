import { createIcon } from './Icon';

export const SuccessIcon = /* @__PURE__ */ createIcon('SuccessIcon', [
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Z',
  'M8 12l3 3 5-6',
]);
