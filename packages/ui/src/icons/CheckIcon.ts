import { createIcon } from './Icon';

export const CheckIcon = /* @__PURE__ */ createIcon('CheckIcon', ['M20 6 9 17l-5-5']);
