import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';

/** Secrets never reach the log, whatever a route logs. */
const redact = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  '*.secret',
];

export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  const options = { level: config.logLevel, redact: { paths: redact, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}
