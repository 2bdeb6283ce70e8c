/** The tabs of this browser share one session cookie; this channel tells them when it changed. */
const CHANNEL = 'parlance-session';

let channel: BroadcastChannel | undefined;

/** This tab's account changed: the others check the session again (once `hearOtherTabs` runs). */
export function tellOtherTabs(): void {
  channel?.postMessage('session-changed');
}

/** Calls `changed` whenever another tab signs in or out; answers a function that stops it. */
export function hearOtherTabs(changed: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const own = new BroadcastChannel(CHANNEL);
  channel = own;
  own.addEventListener('message', changed);
  return () => {
    own.close();
    if (channel === own) channel = undefined;
  };
}
