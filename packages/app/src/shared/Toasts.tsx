import { toast, ToastViewport } from '@parlance/ui';

/** The toast viewport as its own chunk: react-toastify loads after the first paint. */
export default function Toasts() {
  return <ToastViewport />;
}

/** Closes every toast; in this chunk so that the first page's code can close them (closeToasts). */
export function dismissToasts(): void {
  toast.dismiss();
}
