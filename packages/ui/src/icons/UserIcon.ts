import { createIcon } from './Icon';

export const UserIcon = /* @__PURE__ */ createIcon('UserIcon', [
  'M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2',
  'M12 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
]);
