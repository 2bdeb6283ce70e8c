import { createIcon } from './Icon';

export const EyeIcon = /* @__PURE__ */ createIcon('EyeIcon', [
  'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z',
  'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z',
]);
