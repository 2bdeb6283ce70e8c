import { createIcon } from './Icon';

export const MinusIcon = /* @__PURE__ */ createIcon('MinusIcon', ['M5 12h14']);
