import { createIcon } from './Icon';

export const MicIcon = /* @__PURE__ */ createIcon('MicIcon', [
  'M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3z',
  'M19 10v2a7 7 0 0 1-14 0v-2',
  'M12 19v3',
]);
