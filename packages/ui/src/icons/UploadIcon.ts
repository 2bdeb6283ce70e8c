import { createIcon } from './Icon';

export const UploadIcon = /* @__PURE__ */ createIcon('UploadIcon', [
  'M12 15V3',
  'M7 8l5-5 5 5',
  'M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4',
]);
