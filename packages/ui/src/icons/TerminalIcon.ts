import { createIcon } from './Icon';

export const TerminalIcon = /* @__PURE__ */ createIcon('TerminalIcon', [
  'M4 17l6-6-6-6',
  'M12 19h8',
]);
