import { setupWorker } from 'msw/browser';
import { handlers, setSignedInHint } from '@parlance/mocks';

/** Starts MSW's service worker (public/mockServiceWorker.js) with every domain's default handlers. */
export async function startMockApi(): Promise<void> {
  const worker = setupWorker(...Object.values(handlers).flat());
  await worker.start({ onUnhandledRequest: 'warn', quiet: true });
  setSignedInHint();
}
