import { z } from 'zod';
import { realtimeEndpoints } from './apiPaths.js';
import { describeEndpoints } from './operation.js';
import {
  REALTIME_CLOSE,
  REALTIME_END_OF_TURN_SILENCE_MS,
  REALTIME_IDLE_TIMEOUT_SECONDS,
  REALTIME_MAX_END_OF_TURN_SILENCE_MS,
  REALTIME_MAX_SAMPLE_RATE,
  REALTIME_MIN_END_OF_TURN_SILENCE_MS,
  REALTIME_MIN_SAMPLE_RATE,
  REALTIME_SAMPLE_RATE,
  REALTIME_TOKEN_TTL_SECONDS,
  REALTIME_UNUSED_SECONDS_PER_HOUR,
} from './realtimeCodes.js';
import {
  ExpectedLanguages,
  FallbackLanguage,
  Keyterms,
  LanguageConfidenceThreshold,
  PiiSubstitution,
  RedactPii,
  TranscriptWord,
} from './transcription.js';

export * from './realtimeCodes.js';

/**
 * Live transcription over a WebSocket (`GET /v1/realtime`): the query of the upgrade, the messages
 * each way and the close codes, shared by the server, the web app's Live playground and the mocks.
 */

export const RealtimeEncoding = z
  .enum(['pcm_s16le'])
  .describe('Raw mono signed 16-bit little-endian samples, at sample_rate');

const languageCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}$/, { error: "language must be a language code such as 'en'" });

/** A whole number of `unit` from `min` to `max`, as the field `name`. */
const wholeBetween = (name: string, unit: string, min: number, max: number) => {
  const range = { error: `${name} must be between ${min} and ${max}` };
  return z.coerce
    .number()
    .int({ error: `${name} must be a whole number of ${unit}` })
    .min(min, range)
    .max(max, range);
};

const endOfTurnSilence = wholeBetween(
  'end_of_turn_silence_ms',
  'milliseconds',
  REALTIME_MIN_END_OF_TURN_SILENCE_MS,
  REALTIME_MAX_END_OF_TURN_SILENCE_MS,
).describe(
  "Silence after speech, in ms, that ends the speaker's turn: the phrase in progress is finalised and end_of_turn follows",
);

/** A list in a query: comma-separated, or the parameter repeated. */
const queryList = (value: unknown) =>
  typeof value === 'string'
    ? value.split(',')
    : Array.isArray(value)
      ? value.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
      : value;

export const RealtimeQuery = z.object({
  sample_rate: wholeBetween(
    'sample_rate',
    'hertz',
    REALTIME_MIN_SAMPLE_RATE,
    REALTIME_MAX_SAMPLE_RATE,
  ).default(REALTIME_SAMPLE_RATE),
  encoding: RealtimeEncoding.default('pcm_s16le'),
  model: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .optional()
    .describe(
      "Default: the default model for the language (or, if this server measured that it cannot keep up with it, the most accurate that can). 'auto': the most accurate model that this server can serve in real time now, said in ready (fallback_from)",
    ),
  language: languageCode.optional().describe('Default: detect'),
  expected_languages: z
    .preprocess(queryList, ExpectedLanguages)
    .optional()
    .describe(
      'With the language detected, per phrase: the languages the stream may be in, comma-separated; detection chooses only among them',
    ),
  language_confidence_threshold: z.coerce
    .number()
    .pipe(LanguageConfidenceThreshold)
    .optional()
    .describe(LanguageConfidenceThreshold.description ?? ''),
  fallback_language: FallbackLanguage.optional(),
  end_of_turn_silence_ms: endOfTurnSilence.default(REALTIME_END_OF_TURN_SILENCE_MS),
  redact_pii: z
    .preprocess(queryList, RedactPii)
    .optional()
    .describe(
      "As POST /v1/transcript's, comma-separated: redacted in each final (with the stream's earlier finals as context), and in each partial every number and address too, as the rest of one may not have been heard yet",
    ),
  redact_pii_sub: PiiSubstitution.default('hash'),
  token: z
    .string()
    .max(200)
    .optional()
    .describe(
      'A token from POST /api/realtime/token or /v1/realtime/token, for clients that cannot send an Authorization header (browsers)',
    ),
});
export type RealtimeQuery = z.infer<typeof RealtimeQuery>;

export const RealtimeToken = z
  .object({
    token: z.string(),
    expires_at: z.iso.datetime().describe('The token opens one stream before this time'),
  })
  .meta({ id: 'RealtimeToken' });
export type RealtimeToken = z.infer<typeof RealtimeToken>;

/** Client → server, as text frames; audio goes as binary frames. */
export const RealtimeConfigMessage = z.object({
  type: z.literal('config'),
  model: z.string().trim().min(1).max(64).optional().describe('Before the first audio only'),
  language: languageCode
    .nullable()
    .optional()
    .describe('null: detect. Before the first audio only'),
  expected_languages: ExpectedLanguages.optional().describe(
    'As the query parameter, as a JSON array. Before the first audio only',
  ),
  language_confidence_threshold: LanguageConfidenceThreshold.optional().describe(
    'As the query parameter. Before the first audio only',
  ),
  fallback_language: FallbackLanguage.optional().describe(
    'As the query parameter. Before the first audio only',
  ),
  keyterms: Keyterms.optional().describe('Taken from the next decode on, at any time'),
  end_of_turn_silence_ms: endOfTurnSilence.optional(),
});
export const RealtimeEndMessage = z.object({ type: z.literal('end') });
export const RealtimeClientMessage = z
  .discriminatedUnion('type', [RealtimeConfigMessage, RealtimeEndMessage])
  .meta({ id: 'RealtimeClientMessage' });
export type RealtimeClientMessage = z.infer<typeof RealtimeClientMessage>;

/** Server → client, as text frames. */
export const RealtimeReady = z.object({
  type: z.literal('ready'),
  id: z.uuid().describe('The transcript this stream becomes (GET /v1/transcript/{id} once done)'),
  model: z.string(),
  fallback_from: z
    .string()
    .nullable()
    .describe(
      'With model=auto (or a default that cannot keep up here): the more accurate model this server could not serve in real time, so `model` serves the stream instead; null otherwise',
    ),
  language: z.string().nullable().describe('null: detected per phrase'),
  sample_rate: z.number().int(),
  encoding: RealtimeEncoding,
});
export const RealtimePartial = z.object({
  type: z.literal('partial'),
  text: z
    .string()
    .describe('The phrase being spoken, so far; the next partial or final replaces it'),
  start: z.number().describe('Seconds from the start of the stream'),
});
export const RealtimeFinal = z.object({
  type: z.literal('final'),
  text: z
    .string()
    .describe('A finished phrase; never changes once sent. Empty if it held no speech'),
  start: z.number(),
  end: z.number(),
  language: z.string(),
  detected_language: z
    .string()
    .nullable()
    .describe(
      'The language detected in the phrase, before any fallback; null when the language was set or the model is English-only',
    ),
  language_fallback: z
    .boolean()
    .describe(
      'The phrase was detected under language_confidence_threshold and transcribed in fallback_language',
    ),
  words: z.array(TranscriptWord),
});
export const RealtimeError = z.object({
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
  retry_after_seconds: z
    .number()
    .int()
    .optional()
    .describe('When a stream refused for capacity (4429) may be tried again'),
});
export const RealtimeEndOfTurn = z.object({
  type: z.literal('end_of_turn'),
  start: z.number().describe("Seconds from the start of the stream where the turn's speech began"),
  end: z.number().describe('Where its speech ended; end_of_turn_silence_ms of silence followed'),
  text: z.string().describe("The turn's finals, joined (sent before this)"),
});
export const RealtimeLag = z.object({
  type: z.literal('lag'),
  seconds_behind: z
    .number()
    .describe(
      'Audio received and not yet transcribed, in seconds: sent about every second while it is 2 s or more, and once with 0 when the stream has caught up',
    ),
});
export const RealtimeGap = z.object({
  type: z.literal('gap'),
  start: z.number().describe('Seconds from the start of the stream'),
  end: z.number(),
  reason: z.string().describe('Why these seconds were received but are not transcribed'),
});
export const RealtimeDone = z.object({
  type: z.literal('done'),
  id: z.uuid().describe('The saved transcript'),
  billed_seconds: z
    .number()
    .describe('Seconds of audio transcribed and charged: all that was received, less any gap'),
  untranscribed_seconds: z
    .number()
    .describe('Seconds received and not transcribed nor charged (the gaps); 0 when none'),
  cost_micros: z.number().int().describe('What the stream cost, in micro-dollars'),
});
export const RealtimeServerMessage = z
  .discriminatedUnion('type', [
    RealtimeReady,
    RealtimePartial,
    RealtimeFinal,
    RealtimeError,
    RealtimeEndOfTurn,
    RealtimeLag,
    RealtimeGap,
    RealtimeDone,
  ])
  .meta({ id: 'RealtimeServerMessage' });
export type RealtimeServerMessage = z.infer<typeof RealtimeServerMessage>;
export type RealtimeFinal = z.infer<typeof RealtimeFinal>;
export type RealtimeDone = z.infer<typeof RealtimeDone>;

const closeCodes = Object.entries(REALTIME_CLOSE)
  .map(([meaning, code]) => `${code} ${meaning}`)
  .join(', ');

const tokenDescription = `The token opens one stream (GET /v1/realtime?token=…) within ${REALTIME_TOKEN_TTL_SECONDS} s, for the token's account; it is used up by that.`;

export const realtimeOperations = describeEndpoints(realtimeEndpoints, {
  stream: {
    tags: ['transcription'],
    auth: ['apiKey'],
    summary: 'Live transcription over a WebSocket',
    description: [
      'Upgrade to a WebSocket. Send audio as binary frames (mono s16le at sample_rate, at about the speed it plays, each at most 256 KiB), optionally a text frame {"type":"config","model","language","expected_languages","language_confidence_threshold","fallback_language","keyterms","end_of_turn_silence_ms"} (RealtimeClientMessage) before the first audio, later ones with keyterms and end_of_turn_silence_ms only (taken from the next decode on), and {"type":"end"} to finish.',
      'The server sends JSON text frames: ready, partial (replaced by the next), final (never changes), end_of_turn (the speaker stopped for end_of_turn_silence_ms: the text of the turn, after its finals), lag (how far behind transcription is, while it is), gap (seconds received that will not be transcribed nor billed), error, and last done (the saved transcript id, billed and untranscribed seconds, and cost) before it closes with 1000.',
      `Billed per second of audio received, once, when the stream ends; the balance is checked before it starts and every few seconds. A stream whose audio holds no sound for ${REALTIME_IDLE_TIMEOUT_SECONDS} s (by default) is closed; an account that holds streams open beyond their audio for ${REALTIME_UNUSED_SECONDS_PER_HOUR} s in an hour (by default) is refused new ones for a while (4429 unused_streams). Close codes: ${closeCodes}. Session cookies do not open a stream: browsers use a token.`,
      'Without an upgrade, the answer is 426.',
    ].join('\n\n'),
    query: RealtimeQuery,
    responses: {
      101: RealtimeServerMessage.describe(
        'Switching protocols: the stream is open. Then each text frame the server sends is one of these messages',
      ),
    },
    errors: [426, 429],
  },
  sessionToken: {
    tags: ['dashboard'],
    auth: ['session'],
    summary: 'A one-use token for a live stream from this browser (the playground)',
    description: tokenDescription,
    responses: { 200: RealtimeToken },
    errors: [401, 429],
  },
  token: {
    tags: ['transcription'],
    auth: ['apiKey'],
    summary: 'A one-use token for a live stream, to hand to a browser',
    description: tokenDescription,
    responses: { 200: RealtimeToken },
    errors: [401, 429],
  },
});
