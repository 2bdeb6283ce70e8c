import type { IncomingMessage } from 'node:http';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Whether the socket's own peer is this machine (not request.ip, which headers set behind TRUST_PROXY). */
export const peerIsLoopback = (request: IncomingMessage): boolean =>
  LOOPBACK.has(request.socket.remoteAddress ?? '');

/**
 * Whether a request comes from this machine itself and for itself: its peer is a loopback address
 * and no proxy on this machine forwarded it for someone else.
 */
export const fromThisMachine = (request: IncomingMessage): boolean =>
  peerIsLoopback(request) &&
  request.headers['x-forwarded-for'] === undefined &&
  request.headers.forwarded === undefined;
