import { createIcon } from './Icon';

export const HelpIcon = /* @__PURE__ */ createIcon('HelpIcon', [
  'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3',
  'M12 17h.01',
]);
