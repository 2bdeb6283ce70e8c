import { toast, ToastViewport } from '@parlance/ui';

/** The toast viewport as its own chunk: react-toastify loads after the first paint. */
export default function Toasts() {
  return <ToastViewport />;
}

/** Closes every toast; in this chunk so that callers in the first page's code can load it lazily. */
export function dismissToasts(): void {
  toast.dismiss();
}
