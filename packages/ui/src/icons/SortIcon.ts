import { createIcon } from './Icon';

export const SortIcon = /* @__PURE__ */ createIcon('SortIcon', ['M8 9l4-4 4 4', 'M16 15l-4 4-4-4']);
