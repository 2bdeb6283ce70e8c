import { createHmac } from 'node:crypto';
import type { AddressPolicy } from './net/addressPolicy.js';
import { safeRequest } from './net/safeRequest.js';

export const SIGNATURE_HEADER = 'Parlance-Signature';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe-style receivers verify it. */
export function signatureHeader(
  secret: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** POSTs one signed delivery; throws unless the receiver answers 2xx (the queue then retries with backoff). */
export async function deliverWebhook(
  url: string,
  body: string,
  secret: string,
  policy: AddressPolicy,
  timeoutMs: number,
): Promise<void> {
  const response = await safeRequest(url, {
    method: 'POST',
    body,
    policy,
    signal: AbortSignal.timeout(timeoutMs),
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Parlance-Webhooks/1',
      [SIGNATURE_HEADER]: signatureHeader(secret, body),
    },
  });
  response.resume();
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) throw new Error(`webhook ${url} answered HTTP ${status}`);
}
