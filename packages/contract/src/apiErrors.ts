/**
 * Every `code` the HTTP API answers an error with (the `{ message, code, details? }` body), the
 * status it comes with, and what it means. The server's errors are built from a code of this list
 * (its type), which alone decides their status; the docs' table of errors is this list. (The live
 * stream's close codes are in realtimeCodes.ts.)
 */
export const API_ERRORS = {
  // 400: the request is wrong; sending it again unchanged fails again.
  validation_failed: {
    status: 400,
    meaning:
      'A field is missing or invalid: the message names the first, details.issues lists each',
  },
  invalid_json: { status: 400, meaning: 'The body is not valid JSON' },
  bad_request: { status: 400, meaning: 'The request could not be read as HTTP' },
  forbidden: { status: 403, meaning: 'A file of the web app that may not be read' },
  precondition_failed: {
    status: 412,
    meaning: 'A conditional request (If-Match, If-Unmodified-Since) whose condition did not hold',
  },
  invalid_idempotency_key: {
    status: 400,
    meaning: 'The Idempotency-Key header is not 1 to 255 printable ASCII characters',
  },
  invalid_multipart: { status: 400, meaning: 'The multipart body could not be read' },
  invalid_content_type: {
    status: 400,
    meaning: 'The OpenAI-compatible endpoints take multipart/form-data only',
  },
  audio_required: { status: 400, meaning: 'Neither a file nor an audio_url was sent' },
  audio_conflict: {
    status: 400,
    meaning: 'More than one of a file, an audio_url and an upload_id were sent',
  },
  upload_length_required: {
    status: 400,
    meaning: 'A resumable upload was created without its length (Upload-Length)',
  },
  missing_file: { status: 400, meaning: 'The OpenAI-compatible request has no file part' },
  invalid_prompt: { status: 400, meaning: 'The prompt is longer than the limit' },
  invalid_response_format: {
    status: 400,
    meaning: 'The response_format is not one the endpoint writes (or not one it can stream)',
  },
  invalid_model: {
    status: 400,
    meaning: 'No such model is installed: GET /v1/models lists those that are',
  },
  unsupported_language: {
    status: 400,
    meaning: 'An English-only model was asked for another language',
  },
  unsupported_task: { status: 400, meaning: 'An English-only model was asked to translate' },
  unknown_speaker: {
    status: 400,
    meaning: 'A name was given to a speaker label the transcript does not have',
  },
  invalid_cursor: { status: 400, meaning: 'The cursor is not one this API gave out' },
  url_refused: {
    status: 400,
    meaning:
      'The audio_url or webhook_url is not a public http(s) URL (credentials, private addresses and other schemes are refused)',
  },
  invalid_signature: {
    status: 400,
    meaning: 'A Stripe webhook without a valid Stripe-Signature',
  },
  wrong_password: { status: 400, meaning: "The password given is not the account's" },
  confirmation_failed: {
    status: 400,
    meaning: "The e-mail typed to confirm a deletion is not the account's",
  },
  invalid_reset_token: {
    status: 400,
    meaning: 'The password reset link is invalid, used or expired',
  },
  invalid_code: { status: 400, meaning: 'The e-mail verification code is wrong' },
  too_many_attempts: {
    status: 400,
    meaning: 'Too many wrong verification codes: request a new one',
  },
  code_expired: { status: 400, meaning: 'The e-mail verification code has expired' },
  password_too_common: {
    status: 400,
    meaning: 'The new password is on the list of common passwords',
  },
  bot_check_failed: { status: 400, meaning: 'The bot check (Cloudflare Turnstile) failed' },
  card_fields_required: {
    status: 400,
    meaning: 'Test payments: the card number, expiry or CVC is missing',
  },
  card_fields_refused: {
    status: 400,
    meaning: 'With Stripe, card details go to Stripe, never to this server',
  },
  payment_method_required: { status: 400, meaning: 'Buying credit needs a saved card first' },
  // 401: who is calling is not known.
  unauthenticated: { status: 401, meaning: 'Not signed in (the web app)' },
  missing_api_key: {
    status: 401,
    meaning: 'No API key: send it as "Authorization: Bearer <key>"',
  },
  invalid_api_key: { status: 401, meaning: 'The API key is not one of this server' },
  api_key_disabled: { status: 401, meaning: 'The API key is disabled in the dashboard' },
  invalid_credentials: { status: 401, meaning: 'Sign-in with a wrong e-mail or password' },
  // 402: money.
  insufficient_credits: {
    status: 402,
    meaning: 'The balance does not cover the estimated cost: details says how much is missing',
  },
  insufficient_credit: {
    status: 402,
    meaning: 'The balance does not cover a charge being booked',
  },
  spend_limit_reached: {
    status: 402,
    meaning:
      "A monthly spending limit (the account's or the API key's) would be passed: details give the limit, what is used and when it resets",
  },
  account_on_hold: {
    status: 402,
    meaning: 'Credit is owed after a refunded or disputed payment: add credit to settle it',
  },
  card_declined: {
    status: 402,
    meaning: 'The card was declined; the message says why when the bank said',
  },
  insufficient_funds: { status: 402, meaning: 'The card was declined for lack of funds' },
  expired_card: { status: 402, meaning: 'The card has expired' },
  incorrect_number: { status: 402, meaning: 'The card number is wrong' },
  incorrect_cvc: { status: 402, meaning: "The card's security code is wrong" },
  invalid_expiry_year: { status: 402, meaning: "The card's expiry year is invalid" },
  live_card_in_test_mode: {
    status: 402,
    meaning: 'Test payments: a real card number was sent; use a test card',
  },
  processing_error: {
    status: 402,
    meaning: 'The card could not be charged for a reason of the payment network: try again',
  },
  payment_failed: { status: 402, meaning: 'The payment failed for another reason' },
  purchase_abandoned: {
    status: 402,
    meaning:
      'The purchase waited for the bank’s confirmation (3-D Secure) over an hour and was cancelled: nothing was charged',
  },
  // 403: known, but not allowed.
  email_not_verified: {
    status: 403,
    meaning: 'Sign-in before the e-mail address is verified',
  },
  csrf_rejected: {
    status: 403,
    meaning: 'A signed-in change that did not come from the web app',
  },
  outbox_local_only: {
    status: 403,
    meaning: 'The development outbox answers only its own machine',
  },
  metrics_forbidden: {
    status: 403,
    meaning:
      'GET /metrics without the server’s METRICS_TOKEN as a bearer token (or, with none set, from another machine)',
  },
  // 404
  not_found: {
    status: 404,
    meaning: 'No such route, or no such resource of yours (another account’s is not found either)',
  },
  audio_not_kept: { status: 404, meaning: 'The transcript keeps no audio (live streams)' },
  // 408
  upload_timeout: { status: 408, meaning: 'The upload took longer than the limit' },
  upload_stalled: { status: 408, meaning: 'The upload stopped sending bytes' },
  // 409: the resource is not in a state that allows it.
  transcript_not_ready: {
    status: 409,
    meaning: 'The transcript has not completed (exports, speaker names)',
  },
  no_timestamps: {
    status: 409,
    meaning:
      'The transcript was made with timestamp_style none: its sentences and paragraphs need times',
  },
  receipt_not_paid: {
    status: 409,
    meaning:
      'The purchase has not been paid (pending, awaiting 3-D Secure, or failed): no receipt PDF',
  },
  stream_running: {
    status: 409,
    meaning: 'The transcript is a live stream still running: end it first',
  },
  transcription_streamed: {
    status: 409,
    meaning:
      'The job is running and its text has been streamed (stream=true): delete it once it completes',
  },
  transcription_cancelled: {
    status: 409,
    meaning: 'The job was cancelled (deleted) before it completed',
  },
  purchase_in_progress: {
    status: 409,
    meaning: 'A purchase with this Idempotency-Key is still being processed',
  },
  upload_incomplete: {
    status: 409,
    meaning: 'The resumable upload has not received all its bytes yet: finish it first',
  },
  upload_in_use: {
    status: 409,
    meaning: 'Another request is transcribing this resumable upload right now',
  },
  account_owes: {
    status: 409,
    meaning: 'An account that owes credit cannot be deleted: settle it first',
  },
  // 413
  file_too_large: { status: 413, meaning: 'The file is larger than the upload limit' },
  upload_quota: {
    status: 413,
    meaning: "The account's unused resumable uploads would pass their limit (count or bytes)",
  },
  audio_too_long: { status: 413, meaning: 'The audio is longer than the duration limit' },
  payload_too_large: { status: 413, meaning: 'The JSON body is larger than the limit' },
  // 415, 416, 421, 422, 426, 429
  unsupported_media_type: { status: 415, meaning: 'The body is of a type the route does not take' },
  range_not_satisfiable: {
    status: 416,
    meaning: 'The Range asked for lies past the end of the audio',
  },
  unknown_host: {
    status: 421,
    meaning: 'The Host header names a host this server does not answer for',
  },
  url_unreachable: {
    status: 422,
    meaning: 'The audio_url could not be fetched: its host did not answer, or answered an error',
  },
  unsupported_audio: {
    status: 422,
    meaning: 'The file is not audio or video the engine can decode',
  },
  probe_timeout: {
    status: 422,
    meaning: 'Reading the file took longer than the limit: it may be damaged',
  },
  idempotency_key_reused: {
    status: 422,
    meaning: 'The Idempotency-Key was used before for a different request',
  },
  upgrade_required: {
    status: 426,
    meaning: 'GET /v1/realtime without a WebSocket upgrade',
  },
  rate_limited: {
    status: 429,
    meaning: 'Too many requests: wait the seconds Retry-After says',
  },
  // 499: the client closed the connection first; logged, never received.
  client_closed_request: { status: 499, meaning: 'The client closed the connection (logged only)' },
  // 5xx: the server's side; retrying later may succeed.
  internal_error: { status: 500, meaning: 'Something failed on the server (it is logged)' },
  transcription_failed: {
    status: 500,
    meaning: 'The OpenAI-compatible call waited for a job that failed: the message says why',
  },
  not_ready: { status: 503, meaning: 'The server cannot reach its storage' },
  engine_unavailable: {
    status: 503,
    meaning: 'The speech engine is restarting: retry after Retry-After',
  },
  mail_unavailable: { status: 503, meaning: 'The e-mail could not be sent right now' },
  audio_store_unavailable: {
    status: 503,
    meaning: 'The audio store (S3) cannot be reached: nothing was kept or charged; try again',
  },
  bot_check_unavailable: { status: 503, meaning: 'The bot check could not be reached' },
  timeout: {
    status: 504,
    meaning:
      'The OpenAI-compatible call waited longer than its limit: poll GET /v1/transcript/{id}',
  },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The payment codes (402): a provider's other decline codes are answered as `card_declined`. */
export type PaymentErrorCode = {
  [Code in ApiErrorCode]: (typeof API_ERRORS)[Code]['status'] extends 402 ? Code : never;
}[ApiErrorCode];

/** A provider's failure code as the API answers it: one of ours, else `card_declined`. */
export function paymentErrorCode(code: string | null | undefined): PaymentErrorCode {
  const known = code !== null && code !== undefined && Object.hasOwn(API_ERRORS, code);
  return known && API_ERRORS[code as ApiErrorCode].status === 402
    ? (code as PaymentErrorCode)
    : 'card_declined';
}
