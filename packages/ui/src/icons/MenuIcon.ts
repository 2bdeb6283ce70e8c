import { createIcon } from './Icon';

export const MenuIcon = /* @__PURE__ */ createIcon('MenuIcon', ['M4 6h16', 'M4 12h16', 'M4 18h16']);
