import { useCallback, useState, type ReactNode } from 'react';
import { TurnstileWidget } from './TurnstileWidget';

export interface BotCheck {
  /** The widget to place in the form (renders nothing without a site key). */
  widget: ReactNode;
  /** The token to send as `cf-turnstile-response`, once the visitor passed. */
  token: string | undefined;
  /** True while a site key is set and no token has arrived yet. */
  awaiting: boolean;
  /** A token is single-use: call after a failed submission to get a fresh widget. */
  reset: () => void;
}

export function useBotCheck(siteKey: string | null): BotCheck {
  const [token, setToken] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const reset = useCallback(() => {
    setToken(null);
    setGeneration((n) => n + 1);
  }, []);
  return {
    widget: <TurnstileWidget key={generation} siteKey={siteKey} onToken={setToken} />,
    token: token ?? undefined,
    awaiting: siteKey !== null && token === null,
    reset,
  };
}
