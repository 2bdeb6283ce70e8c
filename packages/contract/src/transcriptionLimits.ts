/**
 * Limits of a transcription request's options (the server's schemas, the app's forms and the
 * mocks; `redact_pii`'s policies too), of an account's waiting GETs and unused uploads (the server and the docs), and how a
 * transcript is cut into sentences and paragraphs (the server and the docs).
 */

/** `keyterms`: at most this many words or phrases, each at most MAX_KEYTERM_CHARS long. */
export const MAX_KEYTERMS = 100;
export const MAX_KEYTERM_CHARS = 50;

/** `speakers_expected` is 1 to MAX_SPEAKERS. */
export const MAX_SPEAKERS = 10;
/** `multichannel`: a file's channels are transcribed apart when it has at most this many. */
export const MAX_CHANNELS = 8;
/** A name given to a speaker label is at most this long. */
export const MAX_SPEAKER_NAME_CHARS = 40;

/** The language for speech detected under a threshold when neither request nor account names one. */
export const DEFAULT_FALLBACK_LANGUAGE = 'en';

/** `expected_languages`: detection chooses among at most this many. */
export const MAX_EXPECTED_LANGUAGES = 10;

/** Retention: a request's `delete_audio_after`/`delete_after` and an account's limits, at most 10 years. */
export const MAX_RETENTION_DAYS = 3650;
export const MAX_RETENTION_SECONDS = MAX_RETENTION_DAYS * 86_400;

/**
 * GETs of one transcript that may wait (`?wait=`) at once per account and API process; more are
 * answered without waiting.
 */
export const MAX_TRANSCRIPT_WAITS_PER_ACCOUNT = 20;

/** Unused resumable uploads one account may hold at once (their bytes total at most the size limit). */
export const MAX_OPEN_UPLOADS = 5;

/**
 * How SRT and VTT exports cut captions (`GET /v1/transcript/{id}/srt?caption_max_chars=…`): each
 * limit's bounds and its default, which follow common subtitle style guides.
 */
export const CAPTION_LIMITS = {
  caption_max_chars: { min: 10, max: 200, default: 42 },
  caption_max_lines: { min: 1, max: 4, default: 2 },
  caption_max_seconds: { min: 1, max: 30, default: 7 },
  caption_min_seconds: { min: 0, max: 5, default: 1 },
  caption_max_cps: { min: 5, max: 60, default: 17 },
} as const;

/** Silence this long ends a sentence (punctuated or not) and a paragraph. */
export const PASSAGE_PAUSE_SECONDS = 2;
/** A paragraph ends at the first sentence end once it holds this many words. */
export const PARAGRAPH_WORDS = 60;

/** The personal data `redact_pii` finds and replaces (AssemblyAI's policy names). */
export const PII_POLICIES = [
  'credit_card_number',
  'banking_information',
  'phone_number',
  'email_address',
  'us_social_security_number',
  'date_of_birth',
  'person_name',
  'location',
] as const;
