import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Runs `work` once the answer has left (or the client has gone), so nothing it does — a lookup that
 * finds an account or does not, a database write, a mail — can show in how long the answer took.
 * A failure is logged: the caller already has its answer, which is the same either way.
 */
export function afterAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  what: string,
  work: () => Promise<unknown>,
): void {
  reply.raw.once('close', () => {
    work().catch((err: unknown) => {
      request.log.error({ err }, `${what} failed`);
    });
  });
}
