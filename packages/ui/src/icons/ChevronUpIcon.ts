import { createIcon } from './Icon';

export const ChevronUpIcon = /* @__PURE__ */ createIcon('ChevronUpIcon', ['M18 15l-6-6-6 6']);
