import { createIcon } from './Icon';

export const SearchIcon = /* @__PURE__ */ createIcon('SearchIcon', [
  'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14Z',
  'M21 21l-4.3-4.3',
]);
