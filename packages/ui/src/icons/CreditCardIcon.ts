import { createIcon } from './Icon';

export const CreditCardIcon = /* @__PURE__ */ createIcon('CreditCardIcon', [
  'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
  'M2 10h20',
]);
