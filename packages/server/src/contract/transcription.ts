import { z } from 'zod';
import { Micros, Timestamp } from './common.js';
import {
  MAX_LIST_LIMIT,
  TRANSCRIPT_LIST_DEFAULT_LIMIT,
  TRANSCRIPT_LIST_FIRST_PAGE,
} from './listDefaults.js';

export const TranscriptStatus = z
  .enum(['queued', 'processing', 'completed', 'error'])
  .meta({ id: 'TranscriptStatus' });
export type TranscriptStatus = z.infer<typeof TranscriptStatus>;

export const TimestampStyle = z.enum(['none', 'segment', 'word']);
export type TimestampStyle = z.infer<typeof TimestampStyle>;

export const TranscriptionTask = z
  .enum(['transcribe', 'translate'])
  .describe(
    'transcribe: the text as spoken; translate: English text from speech in any language (a multilingual model; the default model for it is base)',
  );
export type TranscriptionTask = z.infer<typeof TranscriptionTask>;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const MAX_PROMPT_CHARS = 1000;

/** A vocabulary or style hint for the model (names, spelling, punctuation), as OpenAI's `prompt`. */
export const TranscriptPrompt = z
  .string()
  .max(MAX_PROMPT_CHARS, { error: `prompt must be at most ${MAX_PROMPT_CHARS} characters` })
  .describe('Vocabulary or style hint for the model, e.g. names and their spelling');

export const MAX_KEYTERMS = 100;
export const MAX_KEYTERM_CHARS = 50;

/** Names and jargon to get right (Deepgram's keyterm, AssemblyAI's keyterms_prompt). */
export const Keyterms = z
  .array(
    z
      .string()
      .trim()
      .min(1, { error: 'must not be blank' })
      .max(MAX_KEYTERM_CHARS, { error: `must be at most ${MAX_KEYTERM_CHARS} characters` }),
  )
  .max(MAX_KEYTERMS, { error: `keyterms holds at most ${MAX_KEYTERMS} words or phrases` })
  .describe(
    'Words or phrases the recognizer should prefer when it hears them: names, products, jargon. In multipart, a JSON array or the field repeated',
  );

/** The text fields of `POST /v1/transcript` (multipart, alongside an optional `file`). */
export const TranscriptRequest = z.object({
  audio_url: z.preprocess(blankToUndefined, z.string().trim().max(2048).optional()),
  model: z.preprocess(blankToUndefined, z.string().trim().max(64).optional()),
  language: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(auto|[a-z]{2,3})$/, {
        error: "language must be a language code such as 'en', or 'auto'",
      })
      .optional(),
  ),
  timestamp_style: z.preprocess(blankToUndefined, TimestampStyle.default('segment')),
  task: z.preprocess(blankToUndefined, TranscriptionTask.default('transcribe')),
  prompt: z.preprocess(blankToUndefined, TranscriptPrompt.optional()),
  keyterms: Keyterms.optional(),
  webhook_url: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'webhook_url must be an http(s) URL' })
      .max(2048)
      .optional(),
  ),
});
export type TranscriptRequest = z.infer<typeof TranscriptRequest>;

export const TranscriptSegment = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  language: z
    .string()
    .optional()
    .describe('The language the segment was heard in; detected per stretch of speech'),
});
export const TranscriptWord = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  confidence: z.number(),
});

export const TranscriptProgress = z.object({
  percent: z.number().min(0).max(100),
  stage: z.string().nullable().describe('queued, downloading, decoding, transcribing, done'),
});

export const TranscriptSummary = z
  .object({
    id: z.uuid(),
    audioUrl: z.string().nullable().describe('The submitted audio_url, or null for uploads'),
    fileName: z.string().nullable(),
    createdAt: Timestamp,
    status: TranscriptStatus,
    audio_duration: z.number().nullable().describe('seconds'),
    model: z.string(),
    language: z.string().nullable().describe('Requested language; null = detect'),
    costMicros: Micros.nullable().describe('Charged when completed'),
    progress: TranscriptProgress,
  })
  .meta({ id: 'TranscriptSummary' });
export type TranscriptSummary = z.infer<typeof TranscriptSummary>;

export const TranscriptResult = z.object({
  text: z.string(),
  language: z.string(),
  language_probability: z.number(),
  segments: z.array(TranscriptSegment),
  words: z.array(TranscriptWord),
  notice: z
    .string()
    .nullable()
    .describe(
      'Set when not all of the audio was transcribed (it decoded longer than the limit, or than the balance covers), saying how much was and why; null otherwise',
    ),
});

export const Transcript = TranscriptSummary.extend({
  timestamp_style: TimestampStyle,
  task: TranscriptionTask,
  queue_position: z.number().int().nullable().describe('Jobs ahead of this one while queued'),
  error: z.string().nullable(),
  startedAt: Timestamp.nullable(),
  completedAt: Timestamp.nullable(),
  result: TranscriptResult.nullable().describe('Present once completed'),
}).meta({ id: 'Transcript' });
export type Transcript = z.infer<typeof Transcript>;

export const TranscriptListQuery = z.object({
  page: z.coerce.number().int().min(TRANSCRIPT_LIST_FIRST_PAGE).default(TRANSCRIPT_LIST_FIRST_PAGE),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(TRANSCRIPT_LIST_DEFAULT_LIMIT),
  search: z.string().trim().max(200).optional(),
  status: z
    .union([TranscriptStatus, z.literal('all')])
    .optional()
    .transform((status) => (status === 'all' ? undefined : status)),
});
export type TranscriptListQuery = z.infer<typeof TranscriptListQuery>;

export const TranscriptList = z
  .object({
    transcriptions: z.array(TranscriptSummary),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'TranscriptList' });
export type TranscriptList = z.infer<typeof TranscriptList>;

export const TranscriptExportFormat = z.enum(['txt', 'srt', 'vtt', 'json']);
export const TranscriptExportParams = z.object({
  id: z.uuid({ error: 'Not a valid id' }),
  format: TranscriptExportFormat,
});
export const SubtitleQuery = z.object({
  max_line_length: z.coerce.number().int().min(10).max(200).default(42),
});

export const SpeechModel = z
  .object({
    id: z.string(),
    languages: z.string().describe("'en' for English-only models, 'multilingual' otherwise"),
    usdPerMinute: z.number(),
    microsPerHour: Micros.describe('Price per hour of audio'),
  })
  .meta({ id: 'SpeechModel' });
export const SpeechModelList = z.object({ models: z.array(SpeechModel), default: z.string() });
export type SpeechModelList = z.infer<typeof SpeechModelList>;

/** OpenAI's error body, as its SDKs expect on /v1/audio/transcriptions. */
export const OpenAiError = z.object({
  error: z.object({
    message: z.string(),
    type: z.string(),
    param: z.string().nullable(),
    code: z.string().nullable(),
  }),
});
export type OpenAiError = z.infer<typeof OpenAiError>;
