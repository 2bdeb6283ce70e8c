/**
 * What the toast viewport's chunk (Toasts.tsx) leaves here as it loads: react-toastify's dismiss,
 * for code outside that chunk to close toasts synchronously (closeToasts).
 */
export const toastsLoaded: { dismiss?: () => void } = {};
