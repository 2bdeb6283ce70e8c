import { createIcon } from './Icon';

export const ChevronRightIcon = /* @__PURE__ */ createIcon('ChevronRightIcon', ['M9 18l6-6-6-6']);
