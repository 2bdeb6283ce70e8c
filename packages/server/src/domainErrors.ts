/** What kind of failure a service reports; the HTTP layer alone maps it to a status (http/errors.ts). */
export type DomainErrorKind =
  | 'invalid'
  | 'payment_required'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unprocessable'
  | 'unavailable';

/**
 * A failure of a service or repository that the caller may be told as it is: a stable `code`, a
 * message safe to show the user and, optionally, `details` for clients. Services say what KIND of
 * failure it is and never pick an HTTP status or import the HTTP layer.
 */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly details: unknown;
  /** When a retry may succeed ('unavailable'); sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    options: { details?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
