import type { ApiErrorCode } from '@parlance/contract/endpoints';

/**
 * A failure of a service or repository that the caller may be told as it is: a stable `code` of
 * the API's error list (`API_ERRORS` in the contract, which gives each code its status), a message
 * safe to show the user and, optionally, `details` for clients. Services name the failure and
 * never pick an HTTP status or import the HTTP layer.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly details: unknown;
  /** When a retry may succeed (a 503, a 429); sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    options: { details?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
