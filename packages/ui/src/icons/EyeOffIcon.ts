import { createIcon } from './Icon';

export const EyeOffIcon = /* @__PURE__ */ createIcon('EyeOffIcon', [
  'M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-2.4 3.3',
  'M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6',
  'M9.9 9.9a3 3 0 0 0 4.2 4.2',
  'M2 2l20 20',
]);
