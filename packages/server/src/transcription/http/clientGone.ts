import type { FastifyReply } from 'fastify';
import { HttpError } from '../../http/errors.js';
import { watchJob } from '../jobs/watch.js';

// nginx's "client closed request": never delivered, and logged as the client's doing, not ours.
const clientClosed = () =>
  new HttpError('client_closed_request', 'The client closed the connection');

/**
 * Aborts when the connection closes before the answer has been sent, or at once when it closed
 * already (while the request was authenticated and read).
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  if (reply.request.raw.socket.destroyed) gone.abort();
  return gone.signal;
}

/** watchJob for a request, whose `signal` is clientGone's: the client going away answers 499. */
export const watchJobForClient = (...args: Parameters<typeof watchJob>) =>
  watchJob(...args).catch((err: unknown) => {
    throw args[3].signal.aborted ? clientClosed() : err;
  });
