import { ToastViewport } from '@parlance/ui';

/** The toast viewport as its own chunk: react-toastify loads after the first paint. */
export default function Toasts() {
  return <ToastViewport />;
}
