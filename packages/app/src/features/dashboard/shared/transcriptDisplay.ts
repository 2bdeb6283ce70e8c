import type { TranscriptStatus } from '@parlance/server/contract';

const DAY_MS = 86_400_000;

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

/**
 * When a transcription was made, relative to `now`: 'Today', 'Yesterday' when one day old,
 * 'N days ago' when fewer than 7 days old, otherwise a locale date.
 */
export function relativeDate(
  createdAt: string,
  now: Date,
  locale?: string,
  timeZone?: string,
): string {
  const created = new Date(createdAt);
  const days = Math.floor((now.getTime() - created.getTime()) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return created.toLocaleDateString(locale, { timeZone });
}

/** 'completed' → 'Completed'. */
export function statusLabel(status: TranscriptStatus | string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

/** Seconds as m:ss ('0:00' when there is no duration). */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
