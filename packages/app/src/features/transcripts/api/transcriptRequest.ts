import type {
  PiiPolicy,
  PiiSubstitution,
  Quality,
  TimestampStyle,
  TranscriptionTask,
} from '@parlance/contract';
import {
  apiHref,
  CAPTION_LIMITS,
  MAX_KEYTERM_CHARS,
  MAX_KEYTERMS,
  transcriptPaths,
} from '@parlance/contract/endpoints';

/** What the playground submits to POST /v1/transcript: an upload or a URL, plus options. */
export interface TranscriptRequestInput {
  file?: File | null;
  /** The file's finished resumable upload (/v1/uploads): sent instead of the file's bytes. */
  uploadId?: string;
  audioUrl?: string;
  model: string;
  /** A language code, or 'auto' to detect it. */
  language: string;
  timestampStyle: TimestampStyle;
  /** 'translate': English text from speech in any language. Not sent when left out. */
  task?: TranscriptionTask;
  /** Words or phrases the recognizer should prefer: names, products, jargon. */
  keyterms?: string[];
  /** Label who spoke when. */
  speakerLabels?: boolean;
  /** How many people speak, when known (with `speakerLabels`); otherwise it is estimated. */
  speakersExpected?: number;
  /** Transcribe each channel on its own, as one speaker (not with `speakerLabels`). */
  multichannel?: boolean;
  /** Personal data to remove from the transcript; none when empty or left out. */
  redactPii?: readonly PiiPolicy[];
  /** How redacted data is replaced (with `redactPii`); the server's default ('hash') when left out. */
  redactPiiSub?: PiiSubstitution;
  /** With `redactPii`: the kept audio gets a tone over the redacted words. */
  redactPiiAudio?: boolean;
  /** Mask profanity but for its first letter. */
  filterProfanity?: boolean;
  /** Keep filler words (um, uh); English only. */
  disfluencies?: boolean;
  /** Speed against accuracy (the beam size); the server's default ('balanced') when left out. */
  quality?: Quality;
}

/**
 * The text fields of POST /v1/transcript, in order: upload_id, or audio_url (when no file goes with
 * them), the options, and only the extras the input sets — `keyterms` and `redact_pii` once per
 * item.
 */
export function transcriptFields(input: TranscriptRequestInput): [string, string][] {
  const fields: [string, string][] = [];
  const audioUrl = input.audioUrl?.trim();
  if (input.uploadId) fields.push(['upload_id', input.uploadId]);
  else if (!input.file && audioUrl) fields.push(['audio_url', audioUrl]);
  fields.push(
    ['timestamp_style', input.timestampStyle],
    ['model', input.model],
    ['language', input.language],
  );
  if (input.quality) fields.push(['quality', input.quality]);
  if (input.task) fields.push(['task', input.task]);
  for (const term of input.keyterms ?? []) fields.push(['keyterms', term]);
  if (input.speakerLabels) {
    fields.push(['speaker_labels', 'true']);
    if (input.speakersExpected !== undefined)
      fields.push(['speakers_expected', String(input.speakersExpected)]);
  }
  if (input.multichannel) fields.push(['multichannel', 'true']);
  if (input.redactPii?.length) {
    for (const policy of input.redactPii) fields.push(['redact_pii', policy]);
    if (input.redactPiiSub) fields.push(['redact_pii_sub', input.redactPiiSub]);
    if (input.redactPiiAudio) fields.push(['redact_pii_audio', 'true']);
  }
  if (input.filterProfanity) fields.push(['filter_profanity', 'true']);
  if (input.disfluencies) fields.push(['disfluencies', 'true']);
  return fields;
}

/**
 * The multipart body of POST /v1/transcript: the file (if any, and not uploaded already), then
 * `transcriptFields`.
 */
export function transcriptFormData(input: TranscriptRequestInput): FormData {
  const body = new FormData();
  if (input.file && !input.uploadId) body.append('file', input.file);
  for (const [name, value] of transcriptFields(input)) body.append(name, value);
  return body;
}

/** Key terms as typed: separated by commas or new lines, blanks left out. */
export function parseKeyterms(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((term) => term.trim())
    .filter((term) => term !== '');
}

/** Why the server would refuse these key terms, or null when it takes them. */
export function keytermsError(terms: readonly string[]): string | null {
  if (terms.length > MAX_KEYTERMS)
    return `At most ${MAX_KEYTERMS} key terms: this list has ${terms.length}.`;
  const long = terms.find((term) => term.length > MAX_KEYTERM_CHARS);
  if (long === undefined) return null;
  return `A key term is at most ${MAX_KEYTERM_CHARS} characters: “${long.slice(0, 20)}…” has ${long.length}.`;
}

export const TRANSCRIPT_EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'json'] as const;
export type TranscriptExportFormat = (typeof TRANSCRIPT_EXPORT_FORMATS)[number];

/** Where a transcript's kept audio plays from (the server answers Range requests, so it seeks). */
export function transcriptAudioHref(id: string): string {
  return apiHref(transcriptPaths.audio, { id });
}

/** The caption limits a download of SRT or VTT may set (the export's query parameters). */
export type CaptionStyle = Partial<Record<keyof typeof CAPTION_LIMITS, number>>;

/**
 * Download link of a finished transcript in one format; SRT and VTT cut to `captions` (the limits
 * that differ from the server's defaults are sent).
 */
export function transcriptExportHref(
  id: string,
  format: TranscriptExportFormat,
  captions: CaptionStyle = {},
): string {
  const href = apiHref(transcriptPaths.export, { id, format });
  if (format !== 'srt' && format !== 'vtt') return href;
  const query = new URLSearchParams(
    Object.entries(captions)
      .filter(([name, value]) => value !== CAPTION_LIMITS[name as keyof CaptionStyle].default)
      .map(([name, value]) => [name, String(value)]),
  ).toString();
  return query === '' ? href : `${href}?${query}`;
}
