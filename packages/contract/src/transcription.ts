import { z } from 'zod';
import { transcriptEndpoints } from './apiPaths.js';
import { IdParams, MessageResponse, Micros, Sender, Timestamp } from './common.js';
import {
  MAX_LIST_LIMIT,
  TRANSCRIPT_LIST_DEFAULT_LIMIT,
  TRANSCRIPT_LIST_FIRST_PAGE,
} from './listDefaults.js';
import { QUALITIES } from './defaultModels.js';
import { describeEndpoints } from './operation.js';
import {
  CAPTION_LIMITS,
  MAX_CHANNELS,
  MAX_EXPECTED_LANGUAGES,
  MAX_KEYTERM_CHARS,
  MAX_OPEN_UPLOADS,
  MAX_RETENTION_DAYS,
  MAX_RETENTION_SECONDS,
  MAX_KEYTERMS,
  MAX_SPEAKER_NAME_CHARS,
  MAX_SPEAKERS,
  MAX_TRANSCRIPT_WAITS_PER_ACCOUNT,
  PARAGRAPH_WORDS,
  PASSAGE_PAUSE_SECONDS,
  PII_POLICIES,
} from './transcriptionLimits.js';

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

export const Quality = z
  .enum(QUALITIES)
  .describe(
    "Speed against accuracy. fast: greedy decoding (beam 1) with the fastest installed model that fits the request; balanced (the default): the default model, beam 5; best: the most accurate installed model, beam 5. A request naming a model keeps it, and the preset sets only the beam. The playground shows each preset's speed and accuracy measured on the published evaluation set",
  )
  .meta({ id: 'Quality' });
export type Quality = z.infer<typeof Quality>;

export const MAX_PROMPT_CHARS = 1000;

/** A vocabulary or style hint for the model (names, spelling, punctuation), as OpenAI's `prompt`. */
export const TranscriptPrompt = z
  .string()
  .max(MAX_PROMPT_CHARS, { error: `prompt must be at most ${MAX_PROMPT_CHARS} characters` })
  .describe('Vocabulary or style hint for the model, e.g. names and their spelling');

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

export const PiiPolicy = z.enum(PII_POLICIES).meta({ id: 'PiiPolicy' });
export type PiiPolicy = z.infer<typeof PiiPolicy>;
export const RedactPii = z
  .array(PiiPolicy, {
    error: `redact_pii holds policies from: ${PiiPolicy.options.join(', ')}`,
  })
  .min(1, { error: 'redact_pii needs at least one policy' })
  .describe(
    'Personal data to remove from the transcript before it is stored or sent: card numbers (Luhn-checked), bank accounts and IBANs, phone numbers, e-mail addresses, US social security numbers, dates of birth, written or spoken ("four one one one…"); names of people and places (cities, countries, street addresses), found by an English tagger. In multipart, a JSON array or the field repeated',
  );
export const PiiSubstitution = z
  .enum(['hash', 'entity_name'])
  .describe(
    "hash: '#' for each letter and digit; entity_name: the policy's tag, as [PHONE_NUMBER]",
  );
export type PiiSubstitution = z.infer<typeof PiiSubstitution>;

/** An ISO 639-1 code such as 'en' (any case; lower case once parsed). */
export const LanguageCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}$/, { error: "must be a language code such as 'en'" });

/**
 * How a detected language is chosen, when the language is not given (AssemblyAI's names): only
 * among `expected_languages`, and `fallback_language` for speech detected with a probability under
 * `language_confidence_threshold`.
 */
export const ExpectedLanguages = z
  .array(LanguageCode)
  .min(1, { error: 'expected_languages needs at least one language' })
  .max(MAX_EXPECTED_LANGUAGES, {
    error: `expected_languages holds at most ${MAX_EXPECTED_LANGUAGES} languages`,
  })
  .describe(
    'With the language detected: the languages the audio may be in; detection chooses only among them (e.g. ["en"] for an account that only ever sends English, spoken with any accent)',
  );
export const LanguageConfidenceThreshold = z
  .number({ error: 'language_confidence_threshold must be a number from 0 to 1' })
  .min(0, { error: 'language_confidence_threshold must be a number from 0 to 1' })
  .max(1, { error: 'language_confidence_threshold must be a number from 0 to 1' })
  .describe(
    "With the language detected: speech whose language is detected with a lower probability than this is transcribed in fallback_language (the transcript's language_fallback says so)",
  );
export const FallbackLanguage = LanguageCode.describe(
  "The language for speech detected under language_confidence_threshold; default: the account's fallback language (Settings), else English (one of expected_languages when they are given)",
);

/** A form field's "true"/"false" (multipart carries text), or a JSON boolean. */
const FormBoolean = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: 'must be true or false' }),
);

/** A speaker's label in a transcript: "A", "B", … in order of first speech. */
export const SpeakerLabel = z
  .string()
  .regex(/^[A-Z]$/, { error: 'a speaker label is one capital letter' });

/**
 * The channel of a multichannel transcript a word, segment or turn was heard in: "1" for the
 * first (AssemblyAI's numbering, as a string).
 */
const AudioChannel = z
  .string()
  .regex(new RegExp(`^[1-${MAX_CHANNELS}]$`))
  .describe('The channel it was heard in ("1": the first), with multichannel');

/** A form field's digits, or a JSON number; null or blank: not said. */
const wholeNumberField = (value: unknown) =>
  value === null
    ? undefined
    : typeof value === 'string' && /^\s*\d+\s*$/.test(value)
      ? Number(value)
      : blankToUndefined(value);

/** `field`: whole seconds, from a form field's digits or a JSON number; null or blank: not said. */
const retentionSeconds = (field: string) => {
  const error = `${field} must be a whole number of seconds, at most ${MAX_RETENTION_SECONDS} (${MAX_RETENTION_DAYS} days)`;
  return z.preprocess(
    wholeNumberField,
    z
      .number({ error })
      .int({ error })
      .min(0, { error })
      .max(MAX_RETENTION_SECONDS, { error })
      .optional(),
  );
};

/** The text fields of `POST /v1/transcript` (multipart, alongside an optional `file`). */
export const TranscriptRequest = z.object({
  audio_url: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(2048)
      .optional()
      .describe(
        'A public http(s) URL of the audio, fetched by the server; send it, a multipart `file` or an `upload_id`, one of them',
      ),
  ),
  upload_id: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[0-9a-f]{32}$/, { error: 'upload_id is the last part of a /v1/uploads URL' })
      .optional()
      .describe(
        'A finished resumable upload (/v1/uploads, the tus protocol): the last part of its URL. The job takes it: the upload is gone once the job exists',
      ),
  ),
  model: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(64)
      .optional()
      .describe(
        'An installed model (GET /v1/models); by default the one `quality` picks (balanced: the English model for English, the multilingual one otherwise)',
      ),
  ),
  quality: z.preprocess(blankToUndefined, Quality.optional()),
  language: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(auto|[a-z]{2,3})$/, {
        error: "language must be a language code such as 'en', or 'auto'",
      })
      .optional()
      .describe("The language spoken (ISO 639-1 code such as 'en'); 'auto' or left out: detected"),
  ),
  expected_languages: ExpectedLanguages.optional(),
  language_confidence_threshold: z.preprocess(
    // A form field's number, or a JSON number; blank: not said.
    (value) =>
      typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
        ? Number(value)
        : blankToUndefined(value),
    LanguageConfidenceThreshold.optional(),
  ),
  fallback_language: z.preprocess(blankToUndefined, FallbackLanguage.optional()),
  timestamp_style: z.preprocess(
    blankToUndefined,
    TimestampStyle.default('segment').describe(
      'none: text only; segment: start and end of each segment; word: of each word too',
    ),
  ),
  task: z.preprocess(blankToUndefined, TranscriptionTask.default('transcribe')),
  prompt: z.preprocess(blankToUndefined, TranscriptPrompt.optional()),
  keyterms: Keyterms.optional(),
  redact_pii: RedactPii.optional(),
  redact_pii_sub: z.preprocess(blankToUndefined, PiiSubstitution.default('hash')),
  redact_pii_audio: z.preprocess(
    blankToUndefined,
    FormBoolean.optional().describe(
      'With redact_pii: the kept audio (GET /v1/transcript/{id}/audio) is replaced, before the transcript completes, by a copy with a tone over the redacted words (16 kHz FLAC keeping the upload channels, up to 8; the tone on every channel). A job that fails or is cancelled first never serves its upload, and deletes it within a minute',
    ),
  ),
  disfluencies: z.preprocess(
    blankToUndefined,
    FormBoolean.optional().describe(
      'Keep filler words (um, uh, hmm), which Whisper mostly leaves out: the model is prompted with speech that has them, after any prompt of the request. English only (language=en or an English-only model)',
    ),
  ),
  filter_profanity: z.preprocess(
    blankToUndefined,
    FormBoolean.optional().describe(
      'Mask profanity but for its first letter ("f***"): the words of the LDNOOBW list, in English transcripts (and translations); other languages are left as heard',
    ),
  ),
  multichannel: z.preprocess(
    blankToUndefined,
    FormBoolean.optional().describe(
      `Transcribe each channel of the file on its own (at most ${MAX_CHANNELS}), each channel a speaker ("A" the first): words, segments and turns say their channel. Billed per channel-second. Not with speaker_labels`,
    ),
  ),
  speaker_labels: z.preprocess(
    blankToUndefined,
    FormBoolean.optional().describe(
      'Label who spoke when: every word and segment gets a speaker ("A", "B", …) and the result has utterances',
    ),
  ),
  diarize: z.preprocess(
    blankToUndefined,
    FormBoolean.optional().describe("The same as speaker_labels (Deepgram's name for it)"),
  ),
  speakers_expected: z.preprocess(
    wholeNumberField,
    z
      .number({ error: 'speakers_expected must be a whole number' })
      .int({ error: 'speakers_expected must be a whole number' })
      .min(1, { error: `speakers_expected must be 1 to ${MAX_SPEAKERS}` })
      .max(MAX_SPEAKERS, { error: `speakers_expected must be 1 to ${MAX_SPEAKERS}` })
      .optional()
      .describe(
        'How many people speak, when known (with speaker_labels); otherwise it is estimated',
      ),
  ),
  delete_audio_after: retentionSeconds('delete_audio_after').describe(
    'Delete the audio this many seconds after the job ends (completes or fails), keeping the transcript; 0: as soon as it ends. The account’s retention may delete it sooner',
  ),
  delete_after: retentionSeconds('delete_after').describe(
    'Delete the transcript and its audio this many seconds after the job ends. The account’s retention may delete it sooner',
  ),
  webhook_url: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'webhook_url must be an http(s) URL' })
      .max(2048)
      .optional()
      .describe('Called (POST, signed) when the job completes or fails, instead of polling'),
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
  speaker: SpeakerLabel.optional().describe(
    'Who spoke most of the segment (with speaker_labels or multichannel)',
  ),
  channel: AudioChannel.optional(),
});
export const TranscriptWord = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  confidence: z.number(),
  speaker: SpeakerLabel.optional().describe(
    'Who spoke the word (with speaker_labels or multichannel)',
  ),
  channel: AudioChannel.optional(),
});
/** Consecutive words of one speaker (AssemblyAI's utterances). */
export const TranscriptUtterance = z
  .object({
    speaker: SpeakerLabel,
    start: z.number(),
    end: z.number(),
    text: z.string(),
    confidence: z.number().describe('The mean confidence of its words'),
    channel: AudioChannel.optional(),
  })
  .meta({ id: 'TranscriptUtterance' });
export type TranscriptUtterance = z.infer<typeof TranscriptUtterance>;

/** A sentence or a paragraph (AssemblyAI's shape, times in seconds). */
export const TranscriptPassage = z
  .object({
    text: z.string(),
    start: z.number(),
    end: z.number(),
    confidence: z
      .number()
      .nullable()
      .describe('The mean confidence of its words; null without word timestamps'),
    speaker: SpeakerLabel.optional().describe('Who said it (with speaker_labels)'),
    words: z
      .array(TranscriptWord)
      .describe(
        'Its words; empty when the transcript was made without word timestamps (its times are then spread over its speaker turns, or segments, by their letters)',
      ),
  })
  .meta({ id: 'TranscriptPassage' });
export type TranscriptPassage = z.infer<typeof TranscriptPassage>;
export const TranscriptSentences = z
  .object({ id: z.uuid(), sentences: z.array(TranscriptPassage) })
  .meta({ id: 'TranscriptSentences' });
export const TranscriptParagraphs = z
  .object({ id: z.uuid(), paragraphs: z.array(TranscriptPassage) })
  .meta({ id: 'TranscriptParagraphs' });

export const TranscriptProgress = z.object({
  percent: z.number().min(0).max(100),
  stage: z.string().nullable().describe('queued, downloading, decoding, transcribing, done'),
});

export const TranscriptSummary = z
  .object({
    id: z.uuid(),
    audioUrl: z.string().nullable().describe('The submitted audio_url, or null for uploads'),
    fileName: z.string().nullable(),
    source: z
      .enum(['upload', 'url', 'live'])
      .describe('Where the audio came from: a file upload, an audio_url or a live stream'),
    createdAt: Timestamp,
    status: TranscriptStatus,
    audio_duration: z.number().nullable().describe('seconds'),
    model: z.string(),
    language: z.string().nullable().describe('Requested language; null = detect'),
    costMicros: Micros.nullable().describe('Charged when completed'),
    progress: TranscriptProgress,
    notice: z
      .string()
      .nullable()
      .describe(
        "Set when a completed transcription did not transcribe all of its audio (result.notice's sentence), so a list shows it; null otherwise",
      ),
    audio_delete_at: Timestamp.nullable().describe(
      "When its audio will be deleted, by the request's or the account's retention (the transcript's own included: audio never outlives it), whichever is sooner; null while the job runs, once deleted, or when nothing sets a limit",
    ),
    audio_deleted_at: Timestamp.nullable().describe(
      'When its audio was deleted (retention, or DELETE /v1/transcript/{id}/audio); null if not',
    ),
    ...Sender,
  })
  .meta({ id: 'TranscriptSummary' });
export type TranscriptSummary = z.infer<typeof TranscriptSummary>;

export const TranscriptResult = z.object({
  text: z.string(),
  language: z.string().describe('The language spoken longest (each segment says its own)'),
  language_probability: z
    .number()
    .describe("Whisper's probability for the language detected (1 when it was given)"),
  detected_language: z
    .string()
    .nullable()
    .describe(
      'The language detected in most of the speech, before any fallback; null when the language was given or the model is English-only',
    ),
  language_fallback: z
    .boolean()
    .describe(
      'Some speech was detected with a probability under language_confidence_threshold and transcribed in fallback_language',
    ),
  segments: z.array(TranscriptSegment),
  words: z.array(TranscriptWord),
  utterances: z
    .array(TranscriptUtterance)
    .optional()
    .describe('Who said what, turn by turn (with speaker_labels or multichannel)'),
  notice: z
    .string()
    .nullable()
    .describe(
      'Set when not all of the audio was transcribed, saying how much was and why: it decoded longer than the limit or than the balance covers, speech gave no words, or a live stream fell too far behind or lost its speech engine; null otherwise',
    ),
});

export const Transcript = TranscriptSummary.extend({
  timestamp_style: TimestampStyle,
  task: TranscriptionTask,
  speaker_labels: z.boolean(),
  speakers_expected: z.number().int().nullable(),
  speaker_names: z
    .record(SpeakerLabel, z.string())
    .describe('Names given to speaker labels (PUT /v1/transcript/{id}/speakers); exports use them'),
  redact_pii: z
    .array(PiiPolicy)
    .describe("The request's redact_pii: the personal data removed; [] when none"),
  redact_pii_sub: PiiSubstitution.nullable().describe(
    'How it was replaced; null when nothing was redacted',
  ),
  redact_pii_audio: z
    .boolean()
    .describe('The kept audio has a tone over the redacted words (the request asked for it)'),
  filter_profanity: z.boolean().describe("The request's filter_profanity: profanity is masked"),
  disfluencies: z.boolean().describe("The request's disfluencies: filler words are kept"),
  quality: Quality.describe("The request's quality (balanced when it named none)"),
  multichannel: z
    .boolean()
    .describe("The request's multichannel: each channel was transcribed apart"),
  audio_channels: z
    .number()
    .int()
    .nullable()
    .describe('With multichannel: how many channels the file has (each a speaker); null otherwise'),
  has_audio: z
    .boolean()
    .describe(
      'Whether its audio is kept, to play back from GET /v1/transcript/{id}/audio (live streams keep none)',
    ),
  delete_audio_after: z.number().int().nullable().describe("The request's delete_audio_after"),
  delete_after: z.number().int().nullable().describe("The request's delete_after"),
  delete_at: Timestamp.nullable().describe(
    "When the transcript will be deleted, by the request's or the account's retention; null while the job runs or when kept until deleted",
  ),
  queue_position: z.number().int().nullable().describe('Jobs ahead of this one while queued'),
  error: z.string().nullable(),
  startedAt: Timestamp.nullable(),
  completedAt: Timestamp.nullable(),
  result: TranscriptResult.nullable().describe('Present once completed'),
}).meta({ id: 'Transcript' });
export type Transcript = z.infer<typeof Transcript>;

/** `PUT /v1/transcript/{id}/speakers`: the names of a transcript's speakers, all at once. */
export const SpeakerNames = z
  .object({
    names: z
      .record(
        SpeakerLabel,
        z
          .string()
          .trim()
          .max(MAX_SPEAKER_NAME_CHARS, {
            error: `a speaker name is at most ${MAX_SPEAKER_NAME_CHARS} characters`,
          })
          // A line break in a name would make lines of its own in subtitle exports. (A refinement,
          // not a pattern: JSON Schema tools cannot build strings for Unicode property classes.)
          .refine((name) => !/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name), {
            error: 'a speaker name cannot hold line breaks or control characters',
          }),
      )
      .describe('Label → name; a blank name or a label left out shows the label again'),
  })
  .meta({ id: 'SpeakerNames' });
export type SpeakerNames = z.infer<typeof SpeakerNames>;

/** The longest a GET of one transcript waits for it to finish (`?wait=`). */
export const MAX_TRANSCRIPT_WAIT_SECONDS = 20;
export const TranscriptWaitQuery = z.object({
  wait: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_TRANSCRIPT_WAIT_SECONDS)
    .default(0)
    .describe(
      `Seconds to wait for a queued or processing transcript to finish (at most ${MAX_TRANSCRIPT_WAIT_SECONDS}): the answer comes as soon as it completes or fails, else when the time is up, with its state then`,
    ),
});

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

/** A time a list filters by: ISO 8601 with its offset, from 1970 (the database's range and ours). */
const ListTime = z.iso
  .datetime({ offset: true })
  .refine((at) => Date.parse(at) >= 0, { error: 'must be 1970-01-01 or later' });

/** GET /v1/transcript: your transcripts, newest first, a page at a time by cursor. */
export const TranscriptPageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_LIST_LIMIT)
    .default(TRANSCRIPT_LIST_DEFAULT_LIMIT)
    .describe('Transcripts per page'),
  status: TranscriptStatus.optional().describe('Only transcripts in this status'),
  created_after: ListTime.optional().describe(
    'Only transcripts created after this time (ISO 8601, compared to the millisecond)',
  ),
  created_before: ListTime.optional().describe(
    'Only transcripts created before this time (ISO 8601, compared to the millisecond)',
  ),
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe("The previous page's next_cursor: the page after it, with the same filters"),
});
export type TranscriptPageQuery = z.infer<typeof TranscriptPageQuery>;

export const TranscriptPage = z
  .object({
    transcripts: z.array(TranscriptSummary),
    has_more: z.boolean().describe('Whether another page follows'),
    next_cursor: z
      .string()
      .nullable()
      .describe('Pass as cursor for the next page; null on the last page'),
  })
  .meta({ id: 'TranscriptPage' });
export type TranscriptPage = z.infer<typeof TranscriptPage>;

export const TranscriptExportFormat = z.enum(['txt', 'srt', 'vtt', 'json']);
export const TranscriptExportParams = z.object({
  id: z.uuid({ error: 'Not a valid id' }),
  format: TranscriptExportFormat,
});
/** A caption limit of the export's query: a number within its CAPTION_LIMITS, or its default. */
const captionLimit = (name: keyof typeof CAPTION_LIMITS, whole: boolean) => {
  const { min, max, default: fallback } = CAPTION_LIMITS[name];
  const number = z.coerce.number();
  return (whole ? number.int() : number).min(min).max(max).default(fallback);
};
/** How SRT and VTT exports cut captions (the defaults follow common subtitle style guides). */
export const SubtitleQuery = z
  .object({
    caption_max_chars: captionLimit('caption_max_chars', true).describe(
      'Characters per line, at most',
    ),
    caption_max_lines: captionLimit('caption_max_lines', true).describe(
      'Lines per caption, at most',
    ),
    caption_max_seconds: captionLimit('caption_max_seconds', false).describe(
      'Seconds a caption stays on screen, at most',
    ),
    caption_min_seconds: captionLimit('caption_min_seconds', false).describe(
      'Seconds a caption stays on screen, at least, where the next leaves the time',
    ),
    caption_max_cps: captionLimit('caption_max_cps', false).describe(
      'Reading speed: characters per second, at most, where the speech leaves the time',
    ),
  })
  .refine((q) => q.caption_min_seconds <= q.caption_max_seconds, {
    message: 'caption_min_seconds must not be more than caption_max_seconds',
    path: ['caption_min_seconds'],
  });
export type SubtitleQuery = z.infer<typeof SubtitleQuery>;

export const SpeechModel = z
  .object({
    id: z.string(),
    object: z.literal('model'),
    created: z
      .number()
      .int()
      .describe("When the model's weights were published (Unix seconds), as in OpenAI's Model"),
    owned_by: z.string().describe("Who published the model's weights"),
    languages: z.string().describe("'en' for English-only models, 'multilingual' otherwise"),
    usdPerMinute: z.number(),
    microsPerHour: Micros.describe('Price per hour of audio'),
  })
  .meta({ id: 'SpeechModel' });
/** OpenAI's list shape (its SDKs' `models.list()` reads `data`), with the server's defaults. */
export const SpeechModelList = z.object({
  object: z.literal('list'),
  data: z.array(SpeechModel),
  default: z
    .string()
    .describe(
      'The model of a request that names none, unless it says language=en: detection, other languages, translation',
    ),
  defaultEnglish: z.string().describe('The model of a request with language=en that names none'),
  device: z
    .enum(['cpu', 'cuda'])
    .describe('Where this server runs its models: the CPU or a CUDA GPU (PARLANCE_DEVICE)'),
  computeType: z
    .string()
    .describe("The models' precision there: int8 on the CPU, float16 on a GPU by default"),
});
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

const tags = ['transcription'];
/** The /v1 routes take an API key, or the session (the playground). */
const auth = ['apiKey', 'session'] as const;

const TUS_NOTE =
  'Every request but OPTIONS carries Tus-Resumable: 1.0.0; any tus client (tus-js-client, tus-py-client, …) speaks this.';
/** tus answers carry their facts in headers. */
const NoBody = z.null().describe('No body: the answer is in its headers');
const UploadParams = z.object({
  id: z.string().describe("The upload's id: the last part of its Location"),
});

/** The OpenAI-compatible routes answer every error in OpenAI's shape, not ErrorResponse. */
const openAiErrors = Object.fromEntries(
  [400, 401, 402, 404, 408, 409, 413, 422, 429, 500, 503, 504].map((status) => [
    status,
    OpenAiError,
  ]),
);

export const transcriptOperations = describeEndpoints(transcriptEndpoints, {
  /** The dashboard's history: the signed-in user's transcriptions, newest first. */
  list: {
    tags: ['dashboard'],
    auth: ['session'],
    summary: 'Your transcriptions, paged; search matches file name and transcript text',
    query: TranscriptListQuery,
    responses: { 200: TranscriptList },
    errors: [400, 401],
  },
  page: {
    tags,
    auth,
    summary: 'Your transcripts, newest first, a page at a time',
    description:
      'Filter by status and creation time; follow next_cursor for the next page (the same filters apply). Each item is a summary: GET /v1/transcript/{id} has the text.',
    query: TranscriptPageQuery,
    responses: { 200: TranscriptPage },
    errors: [400, 401, 429],
  },
  submit: {
    tags,
    auth,
    summary: 'Submit audio (multipart `file`, `audio_url` or `upload_id`) for transcription',
    description:
      'Answers at once with the queued job; poll GET /v1/transcript/{id}. Send an Idempotency-Key header to make retries safe. Multipart takes the fields below and the audio as `file`; JSON takes them with `audio_url` or `upload_id` (a finished resumable upload, for files too large for one request).',
    consumes: ['multipart/form-data', 'application/json'],
    // The fields, for the document: both bodies are checked by the server's parseRequest (a
    // multipart body streams its file first), so validation here only sets request.validationError.
    body: TranscriptRequest,
    responses: { 200: Transcript, 202: Transcript },
    errors: [400, 401, 402, 408, 413, 422, 429, 503],
  },
  transcript: {
    tags,
    auth,
    summary: 'Status, progress, queue position and (once completed) the transcript',
    description: `With \`wait\`, a transcript still queued or processing is answered as soon as it completes or fails, instead of at the next poll. An account waits in at most ${MAX_TRANSCRIPT_WAITS_PER_ACCOUNT} such requests at once per server; more are answered at once, and so are those under way on a server shutting down.`,
    params: IdParams,
    query: TranscriptWaitQuery,
    responses: { 200: Transcript },
    errors: [400, 401, 404, 429],
  },
  delete: {
    tags,
    auth,
    summary: 'Delete a transcript and its audio',
    description:
      'A live stream still running cannot be deleted (409): end it first. Nor can a job still running whose text a streamed answer (stream=true) has begun to send, which is paid for once it completes (409).',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [400, 401, 404, 409, 429],
  },
  speakers: {
    tags,
    auth,
    summary: "Name a transcript's speakers (replaces the names given before)",
    description:
      'For a completed transcript with speaker labels. Exports (txt, srt, vtt) then show the names instead of "Speaker A".',
    params: IdParams,
    body: SpeakerNames,
    responses: { 200: Transcript },
    errors: [400, 401, 404, 409, 429],
  },
  sentences: {
    tags,
    auth,
    summary: "The transcript's sentences",
    description: `A sentence ends at its closing punctuation, where the speaker changes, at a pause of ${PASSAGE_PAUSE_SECONDS} s, or, unpunctuated, at ${PARAGRAPH_WORDS} words.`,
    params: IdParams,
    responses: { 200: TranscriptSentences },
    errors: [400, 401, 404, 409, 429],
  },
  paragraphs: {
    tags,
    auth,
    summary: "The transcript's paragraphs",
    description: `Whole sentences: a paragraph ends where the speaker changes, at a pause of ${PASSAGE_PAUSE_SECONDS} s, or at the end of the sentence that brings it to ${PARAGRAPH_WORDS} words.`,
    params: IdParams,
    responses: { 200: TranscriptParagraphs },
    errors: [400, 401, 404, 409, 429],
  },
  export: {
    tags,
    auth,
    summary: 'The transcript as plain text, SubRip, WebVTT or JSON',
    params: TranscriptExportParams,
    query: SubtitleQuery,
    responses: { 200: z.string() },
    errors: [400, 401, 404, 409, 429],
  },
  audio: {
    tags,
    auth,
    summary: "The transcript's audio, as it was submitted",
    description:
      'The bytes uploaded (or fetched from audio_url), kept until the transcript is deleted or its retention (`audio_delete_at`) or DELETE deletes them, with a media type told by their content. Answers `Range` requests (206), so a player can seek. Live streams keep no audio, nor does a transcript whose audio was deleted (404 `audio_not_kept`).',
    params: IdParams,
    responses: {
      200: z.string().describe('The audio file'),
      206: z.string().describe('The part of the audio file the Range header asked for'),
    },
    errors: [400, 401, 404, 416, 429],
  },
  deleteAudio: {
    tags,
    auth,
    summary: "Delete a transcript's audio, keeping its text",
    description:
      'The transcript, its exports and its speaker names stay; its audio can no longer be played or downloaded (`audio_deleted_at` says when it went). Deleting audio already deleted answers the same. Not while the job runs (409 `transcript_not_ready`): it needs the audio; delete the transcript to cancel it.',
    params: IdParams,
    responses: { 200: MessageResponse },
    errors: [400, 401, 404, 409, 429],
  },
  createUpload: {
    tags,
    auth,
    summary: 'Start a resumable upload (tus) for a file too large for one request',
    description: `Send Upload-Length (the file's size in bytes, up to MAX_RESUMABLE_UPLOAD_MB) and, optionally, Upload-Metadata with its \`filename\`. Answers 201 with the upload's address in Location; PATCH the bytes there. An account holds at most ${MAX_OPEN_UPLOADS} unused uploads at once, totalling at most that size; each is deleted when a transcription takes it or UPLOAD_EXPIRY_HOURS after it began. ${TUS_NOTE}`,
    responses: { 201: NoBody },
    errors: [400, 401, 413, 429],
  },
  uploadOffset: {
    tags,
    auth,
    summary: 'How many bytes of the upload the server has',
    description: `Answers Upload-Offset (the bytes kept) and Upload-Length: after a dropped connection, PATCH again from that offset. ${TUS_NOTE}`,
    params: UploadParams,
    responses: { 200: NoBody },
    errors: [401, 404, 429],
  },
  appendUpload: {
    tags,
    auth,
    summary: 'Send the next bytes of the upload',
    description: `With Content-Type: application/offset+octet-stream and Upload-Offset equal to the bytes the server has (409 otherwise). Answers 204 with the new Upload-Offset; the upload is finished when it equals Upload-Length. ${TUS_NOTE}`,
    params: UploadParams,
    responses: { 204: NoBody },
    errors: [401, 404, 408, 429],
  },
  deleteUpload: {
    tags,
    auth,
    summary: 'Delete an unused upload and its bytes',
    description: `Answers 204; 409 upload_in_use while a transcription is taking it. ${TUS_NOTE}`,
    params: UploadParams,
    responses: { 204: NoBody },
    errors: [401, 404, 409, 429],
  },
  models: {
    tags,
    auth,
    summary: 'Installed speech models, their languages and price per minute',
    responses: { 200: SpeechModelList },
    errors: [401, 429],
  },
  openAiTranscriptions: {
    tags: ['openai'],
    auth: ['apiKey'],
    summary:
      'OpenAI-compatible transcription (multipart: file, model, language, prompt, response_format, timestamp_granularities[], stream; as extension fields, quality, expected_languages, language_confidence_threshold and fallback_language as POST /v1/transcript takes them); whisper-1 is the model quality picks',
    responses: {
      200: z
        .unknown()
        .describe(
          'json, verbose_json (objects) or text, srt, vtt (plain text); with stream=true, server-sent events: transcript.text.delta (delta) as text is decoded, then transcript.text.done (text, usage)',
        ),
      ...openAiErrors,
    },
    errors: [],
  },
  openAiTranslations: {
    tags: ['openai'],
    auth: ['apiKey'],
    summary:
      'OpenAI-compatible translation into English (multipart: file, model, prompt, response_format, and quality as an extension field); whisper-1 is the multilingual model quality picks (balanced: the default, base)',
    responses: {
      200: z
        .unknown()
        .describe('json, verbose_json (objects) or text, srt, vtt (plain text), in English'),
      ...openAiErrors,
    },
    errors: [],
  },
});
