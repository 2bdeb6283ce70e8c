import type { TimestampStyle } from '@parlance/server/contract';
import { apiHref, transcriptPaths } from '@parlance/server/endpoints';

/** What the playground submits to POST /v1/transcript: an upload or a URL, plus options. */
export interface TranscriptRequestInput {
  file?: File | null;
  audioUrl?: string;
  model: string;
  /** A language code, or 'auto' to detect it. */
  language: string;
  timestampStyle: TimestampStyle;
}

/** The multipart body of POST /v1/transcript: the file (if any) or audio_url, and the options. */
export function transcriptFormData(input: TranscriptRequestInput): FormData {
  const body = new FormData();
  const audioUrl = input.audioUrl?.trim();
  if (input.file) body.append('file', input.file);
  else if (audioUrl) body.append('audio_url', audioUrl);
  body.append('timestamp_style', input.timestampStyle);
  body.append('model', input.model);
  body.append('language', input.language);
  return body;
}

export const TRANSCRIPT_EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'json'] as const;
export type TranscriptExportFormat = (typeof TRANSCRIPT_EXPORT_FORMATS)[number];

/** Download link of a finished transcript in one format. */
export function transcriptExportHref(id: string, format: TranscriptExportFormat): string {
  return apiHref(transcriptPaths.export, { id, format });
}
