import { createIcon } from './Icon';

export const ChevronDownIcon = /* @__PURE__ */ createIcon('ChevronDownIcon', ['M6 9l6 6 6-6']);
