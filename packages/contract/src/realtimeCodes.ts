/**
 * The live stream's constants and close codes, imported by nothing: the web app and the mocks load
 * them alone (`@parlance/contract/endpoints`), without the contract's schemas.
 */

/** The engine hears 16 kHz; other rates in the range are resampled by the engine. */
export const REALTIME_SAMPLE_RATE = 16_000;
export const REALTIME_MIN_SAMPLE_RATE = 8_000;
export const REALTIME_MAX_SAMPLE_RATE = 48_000;
/** How long a token from `POST /api/realtime/token` or `/v1/realtime/token` may be used, once. */
export const REALTIME_TOKEN_TTL_SECONDS = 60;
/** A stream whose audio holds no sound for this long is closed (4408), by default. */
export const REALTIME_IDLE_TIMEOUT_SECONDS = 20;
/**
 * Silence after speech that ends a speaker's turn (`end_of_turn`), by default, and the bounds a
 * stream may set it within (`end_of_turn_silence_ms`), in milliseconds. The default is the pause
 * that ends a short phrase anyway (the engine's short_phrase_silence_seconds): a shorter one
 * finalises a phrase of under 2 s alone, which Whisper hears less well.
 */
export const REALTIME_END_OF_TURN_SILENCE_MS = 1500;
export const REALTIME_MIN_END_OF_TURN_SILENCE_MS = 200;
export const REALTIME_MAX_END_OF_TURN_SILENCE_MS = 5000;
/**
 * Seconds an account may hold streams open beyond the audio they carry, in an hour (on one API
 * process), by default; then its new streams are refused for a while (4429 `unused_streams`).
 */
export const REALTIME_UNUSED_SECONDS_PER_HOUR = 300;

/**
 * How the server closes a stream. After `done`, 1000; otherwise an `error` message with the same
 * meaning comes first.
 */
export const REALTIME_CLOSE = {
  /** `done` was sent: the transcript is saved and billed. */
  done: 1000,
  /** The server is shutting down: what was received is transcribed, saved and billed first. */
  shuttingDown: 1001,
  /** The speech engine failed (what it transcribed is saved and billed), or the stream could not be saved. */
  serverError: 1011,
  /** A query parameter or message the server cannot use (the reason says which). */
  badRequest: 4400,
  /** No API key or token, or one that is invalid, expired, used or disabled. */
  unauthorized: 4401,
  /** The balance does not cover the stream (checked before it starts and as it runs). */
  insufficientCredits: 4402,
  /** No audio with sound in it came for the idle timeout, or the audio fell that far behind the clock. */
  idleTimeout: 4408,
  /** The stream's account was deleted while it ran: nothing is saved or billed. */
  cancelled: 4409,
  /** The audio cannot be used: longer than the audio limit, or sent much faster than real time. */
  badAudio: 4415,
  /** Too many streams: this account's limit, the server's capacity, or the account held streams open unused for its hour's allowance. */
  tooManyStreams: 4429,
} as const;
