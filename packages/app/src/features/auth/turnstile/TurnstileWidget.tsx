import { useEffect, useRef, useState } from 'react';
import { useTheme } from 'styled-components';
import { Alert } from '@parlance/ui';
import { loadTurnstile } from './loadTurnstile';

export interface TurnstileWidgetProps {
  /** The site key from GET /api/config; null means no bot check: nothing is loaded or shown. */
  siteKey: string | null;
  /** Receives the token once the visitor passes, and null when it expires or fails. */
  onToken: (token: string | null) => void;
}

/** Cloudflare's bot check, loaded on demand only when the server has a site key. */
export function TurnstileWidget({ siteKey, onToken }: TurnstileWidgetProps) {
  const container = useRef<HTMLDivElement>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);
  const theme = useTheme();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!siteKey) return undefined;
    let widgetId: string | undefined;
    let cancelled = false;
    loadTurnstile()
      .then((turnstile) => {
        if (cancelled || !container.current) return;
        widgetId = turnstile.render(container.current, {
          sitekey: siteKey,
          theme: theme.name,
          callback: (token) => onTokenRef.current(token),
          'expired-callback': () => onTokenRef.current(null),
          'error-callback': () => onTokenRef.current(null),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (widgetId !== undefined) window.turnstile?.remove(widgetId);
    };
  }, [siteKey, theme.name]);

  if (!siteKey) return null;
  return (
    <div>
      <div ref={container} data-testid="turnstile" />
      {failed && (
        <Alert variant="danger">
          The bot check could not load. Check your connection and reload the page.
        </Alert>
      )}
    </div>
  );
}
