import { DomainError, type DomainErrorKind } from '../domainErrors.js';

/** The HTTP status of each kind of domain failure: the one table between the domains and HTTP. */
const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  payment_required: 402,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unprocessable: 422,
  unavailable: 503,
};

/** An error whose status, code and message are safe to send to the client as they are. */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * What a client may be told of `error` as it is: an HttpError, or a domain error answered with its
 * kind's status; undefined for anything else, whose text must not reach the client.
 */
export function clientError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (!(error instanceof DomainError)) return undefined;
  const headers: Record<string, string> =
    error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  return new HttpError(
    STATUS_OF_KIND[error.kind],
    error.code,
    error.message,
    error.details,
    headers,
  );
}

export const badRequest = (code: string, message: string, details?: unknown) =>
  new HttpError(400, code, message, details);

export const unauthorized = (message = 'Sign in to continue', code = 'unauthenticated') =>
  new HttpError(401, code, message);

export const forbidden = (code: string, message: string) => new HttpError(403, code, message);

export const notFound = (message = 'Not found') => new HttpError(404, 'not_found', message);

export const conflict = (code: string, message: string) => new HttpError(409, code, message);

/** A request addressed to a host name that is not this server's (DNS rebinding, a stray proxy). */
export const misdirected = () =>
  new HttpError(
    421,
    'unknown_host',
    'This server does not answer for that host name: use its own address',
  );

export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    'rate_limited',
    `Too many attempts. Try again in ${formatWait(retryAfterSeconds)}.`,
    { retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
