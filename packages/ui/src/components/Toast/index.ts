export { ToastCard, ToastViewport } from './Toast';
export type { ToastCardProps, ToastViewportProps } from './Toast';
export type { ToastVariant } from './Toast.styles';
export { toast } from './showToast';
export type { ShowToastOptions } from './showToast';
export {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from './rules';
