import type { FastifyRequest } from 'fastify';
import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';

/** Secrets never reach the log, whatever a route logs. */
const redact = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers.referer',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.secret',
];

const CENSOR = '[redacted]';

/**
 * URLs can carry secrets too: the reset page's `/reset-password/{token}` route (the spec's path;
 * mailed links put the token in the fragment, which never reaches the server) and the Google
 * callback's `code` and `state`. Every request URL is logged, so those parts are masked.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^(\/reset-password\/)[^/?#]+/, `$1${CENSOR}`)
    .replace(/([?&](?:token|code|state)=)[^&#]*/gi, `$1${CENSOR}`);
}

/** Fastify's request serializer, with the URL masked; anything else logged as `req` passes as is. */
function req(value: unknown) {
  if (!(value && typeof value === 'object' && 'raw' in value)) return value;
  const request = value as FastifyRequest;
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/**
 * pino's error serializer, without the values a failed database query was sent (drizzle puts them
 * in the error's `params` and after "params:" in its message): they can be a mail's text with its
 * code, a code's hash, a token's. The statement, with placeholders only, stays.
 */
function err(value: unknown) {
  const serialized: Record<string, unknown> = pino.stdSerializers.err(value as Error);
  for (let level: unknown = serialized; level && typeof level === 'object';) {
    const record = level as Record<string, unknown>;
    if ('params' in record) {
      record.params = CENSOR;
      for (const key of ['message', 'stack'] as const)
        if (typeof record[key] === 'string')
          record[key] = record[key].replace(
            /\nparams: [\s\S]*?(?=\n {4}at |$)/,
            `\nparams: ${CENSOR}`,
          );
    }
    level = record.cause;
  }
  return serialized;
}

export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options = {
    level: config.logLevel,
    redact: { paths: redact, censor: CENSOR },
    serializers: { req, err },
  };
  return destination ? pino(options, destination) : pino(options);
}
