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

/** Where drizzle writes a failed query's values, in its error's message (and so its stack). */
const PARAMS = '\nparams: ';

/**
 * A message or stack without the values a failed query was sent: after "params:" only stack
 * frames stay (whole lines shaped "    at … file:line:column", which a value's text is not).
 */
function withoutParams(text: string, stack: boolean): string {
  const at = text.indexOf(PARAMS);
  if (at === -1) return text;
  const frames = stack
    ? text
        .slice(at + PARAMS.length)
        .split('\n')
        .filter((line) => /^ {4}at .*(:\d+:\d+\)?|\((<anonymous>|native)\))$/.test(line))
    : [];
  return [`${text.slice(0, at)}${PARAMS}${CENSOR}`, ...frames].join('\n');
}

/**
 * pino's error serializer (causes kept as errors of their own), without the values a failed
 * database query was sent, at any depth: drizzle puts them in the error's `params` and after
 * "params:" in its message. They can be a mail's text with its code, a code's hash, a token's.
 * The statement, with placeholders only, stays.
 */
function err(value: unknown) {
  const serialized: Record<string, unknown> = pino.stdSerializers.errWithCause(value as Error);
  for (let level: unknown = serialized; level && typeof level === 'object';) {
    const record = level as Record<string, unknown>;
    if ('params' in record) record.params = CENSOR;
    if (typeof record.message === 'string') record.message = withoutParams(record.message, false);
    if (typeof record.stack === 'string') record.stack = withoutParams(record.stack, true);
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
