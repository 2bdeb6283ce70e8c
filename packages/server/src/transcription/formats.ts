import type { TranscriptResult, TranscriptSegment } from '../db/schema/transcription.js';

export const SUBTITLE_FORMATS = ['srt', 'vtt'] as const;
export type SubtitleFormat = (typeof SUBTITLE_FORMATS)[number];

export const DEFAULT_LINE_LENGTH = 42;
const LINES_PER_CUE = 2;

interface Cue {
  start: number;
  end: number;
  lines: string[];
}

/** Words of a segment with times spread by character position (for results without word timestamps). */
function interpolateWords(segment: TranscriptSegment): TranscriptSegment[] {
  const words = segment.text.split(/\s+/).filter(Boolean);
  const chars = words.reduce((n, w) => n + w.length + 1, 0) || 1;
  const span = segment.end - segment.start;
  let offset = 0;
  return words.map((text) => {
    const start = segment.start + (span * offset) / chars;
    offset += text.length + 1;
    return { start, end: segment.start + (span * offset) / chars, text };
  });
}

/** Greedy wrap into cues of up to two lines of at most `maxLen` characters (longer single words stay whole). */
function toCues(words: TranscriptSegment[], maxLen: number): Cue[] {
  const cues: Cue[] = [];
  let cue: Cue | undefined;
  for (const word of words) {
    const line = cue?.lines[cue.lines.length - 1];
    if (cue && line !== undefined && line.length + 1 + word.text.length <= maxLen) {
      cue.lines[cue.lines.length - 1] = `${line} ${word.text}`;
      cue.end = word.end;
    } else if (cue && cue.lines.length < LINES_PER_CUE) {
      cue.lines.push(word.text);
      cue.end = word.end;
    } else {
      cue = { start: word.start, end: word.end, lines: [word.text] };
      cues.push(cue);
    }
  }
  return cues;
}

function cuesFor(result: TranscriptResult, maxLen: number): Cue[] {
  if (result.words.length > 0) return toCues(result.words, maxLen);
  // Segments never share a cue: a cue keeps to one stretch of speech.
  return result.segments.flatMap((s) => toCues(interpolateWords(s), maxLen));
}

function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

export function toSrt(result: TranscriptResult, maxLen = DEFAULT_LINE_LENGTH): string {
  return cuesFor(result, maxLen)
    .map(
      (c, i) =>
        `${i + 1}\n${clock(c.start, ',')} --> ${clock(c.end, ',')}\n${c.lines.join('\n')}\n`,
    )
    .join('\n');
}

export function toVtt(result: TranscriptResult, maxLen = DEFAULT_LINE_LENGTH): string {
  const cues = cuesFor(result, maxLen).map(
    (c) => `${clock(c.start, '.')} --> ${clock(c.end, '.')}\n${c.lines.join('\n')}\n`,
  );
  return ['WEBVTT\n', ...cues].join('\n');
}

export function toSubtitles(
  format: SubtitleFormat,
  result: TranscriptResult,
  maxLen?: number,
): string {
  return format === 'srt' ? toSrt(result, maxLen) : toVtt(result, maxLen);
}

/** 14400 → "4 h", 5400 → "1 h 30 min", 600 → "10 min", 11.2 → "11 s": durations in messages. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  return h > 0 ? `${h} h${m ? ` ${m} min` : ''}` : `${m} min`;
}
