import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DomainError } from '../domainErrors.js';

const SiteverifyAnswer = z.object({ success: z.boolean() });

/**
 * Checks the Cloudflare Turnstile token when a secret is configured (otherwise the check is off).
 * Fails closed: an unreachable verifier means no sign-in, not a skipped check.
 */
export async function assertHuman(
  request: FastifyRequest,
  token: string | undefined,
): Promise<void> {
  const turnstile = request.server.config.turnstile;
  if (!turnstile) return;
  if (!token)
    throw new DomainError('bot_check_failed', 'Please complete the bot check and try again.');
  let answer: z.infer<typeof SiteverifyAnswer>;
  try {
    const response = await fetch(turnstile.verifyUrl, {
      method: 'POST',
      body: new URLSearchParams({
        secret: turnstile.secret,
        response: token,
        remoteip: request.ip,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    answer = SiteverifyAnswer.parse(await response.json());
  } catch (err) {
    request.log.error({ err }, 'Turnstile verification unavailable');
    throw new DomainError(
      'bot_check_unavailable',
      'The bot check is unavailable right now. Please try again.',
    );
  }
  if (!answer.success)
    throw new DomainError('bot_check_failed', 'The bot check failed. Please try again.');
}
