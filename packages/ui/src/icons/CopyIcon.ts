import { createIcon } from './Icon';

export const CopyIcon = /* @__PURE__ */ createIcon('CopyIcon', ['M9 9h11v11H9z', 'M5 15H4V4h11v1']);
