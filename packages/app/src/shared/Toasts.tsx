import { toast, ToastViewport } from '@parlance/ui';
import { toastsLoaded } from './toastsLoaded';

toastsLoaded.dismiss = () => toast.dismiss();

/** The toast viewport as its own chunk: react-toastify loads after the first paint. */
export default function Toasts() {
  return <ToastViewport />;
}
