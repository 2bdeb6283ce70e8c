import { createIcon } from './Icon';

export const CloseIcon = /* @__PURE__ */ createIcon('CloseIcon', ['M18 6 6 18', 'M6 6l12 12']);
