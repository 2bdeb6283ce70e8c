import type { TranscriptStatus } from '@parlance/server/contract';

/** The file name of a transcription: the last path segment of its audio URL, or 'Unknown File'. */
export function fileNameFromUrl(audioUrl: string | null | undefined): string {
  if (!audioUrl) return 'Unknown File';
  let path = audioUrl;
  try {
    path = new URL(audioUrl).pathname;
  } catch {
    path = audioUrl.split(/[?#]/)[0] ?? '';
  }
  const segment = path.split('/').filter(Boolean).pop();
  if (!segment) return 'Unknown File';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** An upload has no audio URL but keeps its file name; a URL job shows the URL's last segment. */
export function transcriptName(transcript: {
  audioUrl: string | null;
  fileName?: string | null;
}): string {
  return transcript.audioUrl
    ? fileNameFromUrl(transcript.audioUrl)
    : transcript.fileName || 'Unknown File';
}

/** 'completed' → 'Completed'. */
export function statusLabel(status: TranscriptStatus | string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}
