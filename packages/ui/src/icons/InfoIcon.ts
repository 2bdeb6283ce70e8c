import { createIcon } from './Icon';

export const InfoIcon = /* @__PURE__ */ createIcon('InfoIcon', [
  'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Z',
  'M12 16v-4',
  'M12 8h.01',
]);
