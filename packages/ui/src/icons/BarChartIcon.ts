import { createIcon } from './Icon';

export const BarChartIcon = /* @__PURE__ */ createIcon('BarChartIcon', [
  'M12 20V10',
  'M18 20V4',
  'M6 20v-4',
]);
