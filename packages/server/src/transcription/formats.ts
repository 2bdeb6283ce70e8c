import type {
  TranscriptResult,
  TranscriptSegment,
  TranscriptUtterance,
  TranscriptWord,
} from '../db/schema/transcription.js';
import { speakerName, type SpeakerNameMap } from '@parlance/contract/endpoints';

export const SUBTITLE_FORMATS = ['srt', 'vtt'] as const;
export type SubtitleFormat = (typeof SUBTITLE_FORMATS)[number];

export const DEFAULT_LINE_LENGTH = 42;
const LINES_PER_CUE = 2;

interface Cue {
  start: number;
  end: number;
  lines: string[];
  /** Who speaks, with speaker labels: the speaker's name, or "Speaker A". */
  speaker?: string;
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

function cuesFor(result: TranscriptResult, names: SpeakerNameMap, maxLen: number): Cue[] {
  // With speaker labels, a cue keeps to one speaker's turn.
  if (result.utterances?.length) {
    return turnsOf(result.utterances, result.words).flatMap((turn) =>
      toCues(turn.words, maxLen).map((cue) => ({
        ...cue,
        speaker: cueText(speakerName(names, turn.speaker)),
      })),
    );
  }
  if (result.words.length > 0) return toCues(result.words, maxLen);
  // Segments never share a cue: a cue keeps to one stretch of speech.
  return result.segments.flatMap((s) => toCues(interpolateWords(s), maxLen));
}

/**
 * Each speaker's turns with their words: the timed words, runs of one speaker, when the result
 * has them (the turns were made from them); otherwise each turn's text spread over its time.
 */
function turnsOf(
  turns: TranscriptUtterance[],
  words: TranscriptWord[],
): { speaker: string; words: TranscriptSegment[] }[] {
  if (words.length === 0 || words.some((w) => w.speaker === undefined))
    return turns.map((turn) => ({ speaker: turn.speaker, words: interpolateWords(turn) }));
  const runs: { speaker: string; words: TranscriptSegment[] }[] = [];
  for (const word of words) {
    const last = runs[runs.length - 1];
    if (last && last.speaker === word.speaker) last.words.push(word);
    else runs.push({ speaker: word.speaker ?? '', words: [word] });
  }
  return runs;
}

/** A name as cue text: no markup (SRT players render <font>, {\\an8}; VTT reads tags) and no "-->". */
function cueText(name: string): string {
  return name.replace(/[<>&{}]/g, ' ').replaceAll('-->', '->');
}

function clock(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

export function toSrt(
  result: TranscriptResult,
  names: SpeakerNameMap = {},
  maxLen = DEFAULT_LINE_LENGTH,
): string {
  return cuesFor(result, names, maxLen)
    .map((c, i) => {
      const text = (c.speaker ? `${c.speaker}: ` : '') + c.lines.join('\n');
      return `${i + 1}\n${clock(c.start, ',')} --> ${clock(c.end, ',')}\n${text}\n`;
    })
    .join('\n');
}

export function toVtt(
  result: TranscriptResult,
  names: SpeakerNameMap = {},
  maxLen = DEFAULT_LINE_LENGTH,
): string {
  const cues = cuesFor(result, names, maxLen).map((c) => {
    const text = (c.speaker ? `<v ${c.speaker}>` : '') + c.lines.join('\n');
    return `${clock(c.start, '.')} --> ${clock(c.end, '.')}\n${text}\n`;
  });
  return ['WEBVTT\n', ...cues].join('\n');
}

export function toSubtitles(
  format: SubtitleFormat,
  result: TranscriptResult,
  names: SpeakerNameMap = {},
  maxLen?: number,
): string {
  return format === 'srt' ? toSrt(result, names, maxLen) : toVtt(result, names, maxLen);
}

/** Plain text: the transcript, or with speaker labels one "Name: words" line per turn. */
export function toText(result: TranscriptResult, names: SpeakerNameMap = {}): string {
  if (!result.utterances?.length) return `${result.text}\n`;
  return result.utterances
    .map((turn) => `${speakerName(names, turn.speaker)}: ${turn.text}\n`)
    .join('');
}

/** 75.4 → "1:15": a time in the audio, in messages. */
export const formatClock = (t: number): string =>
  `${Math.floor(t / 60)}:${String(Math.floor(t % 60)).padStart(2, '0')}`;

/** A size in whole megabytes (MiB, as the MB limits are set): "500 MB". */
export const formatMegabytes = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/** 14400 → "4 h", 5400 → "1 h 30 min", 600 → "10 min", 11.2 → "11 s": durations in messages. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  return h > 0 ? `${h} h${m ? ` ${m} min` : ''}` : `${m} min`;
}
