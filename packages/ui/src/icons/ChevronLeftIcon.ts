import { createIcon } from './Icon';

export const ChevronLeftIcon = /* @__PURE__ */ createIcon('ChevronLeftIcon', ['M15 18l-6-6 6-6']);
