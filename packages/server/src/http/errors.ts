import { API_ERRORS, type ApiErrorCode } from '@parlance/contract/endpoints';
import { DomainError } from '../domainErrors.js';

/**
 * An error whose code, message and details are safe to send to the client as they are; its status
 * is its code's (API_ERRORS in the contract: the one table between the codes and HTTP).
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly statusCode: number;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = API_ERRORS[code].status;
  }
}

/**
 * What a client may be told of `error` as it is: an HttpError, or a domain error answered with its
 * code's status; undefined for anything else, whose text must not reach the client.
 */
export function clientError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (!(error instanceof DomainError)) return undefined;
  const headers: Record<string, string> =
    error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
  return new HttpError(error.code, error.message, error.details, headers);
}

/** Not signed in (the web app's routes). */
export const unauthenticated = () => new HttpError('unauthenticated', 'Sign in to continue');

export const notFound = (message = 'Not found') => new HttpError('not_found', message);

/** A request addressed to a host name that is not this server's (DNS rebinding, a stray proxy). */
export const misdirected = () =>
  new HttpError(
    'unknown_host',
    'This server does not answer for that host name: use its own address',
  );

export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
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
