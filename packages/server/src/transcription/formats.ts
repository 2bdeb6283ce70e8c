import type {
  TranscriptResult,
  TranscriptUtterance,
  TranscriptWord,
} from '../db/schema/transcription.js';
import {
  interpolateWords,
  SENTENCE_END,
  spaced,
  speakerName,
  type SpeakerNameMap,
  type TimedText,
} from '@parlance/contract/endpoints';
import { SubtitleQuery } from '@parlance/contract';

export const SUBTITLE_FORMATS = ['srt', 'vtt'] as const;
export type SubtitleFormat = (typeof SUBTITLE_FORMATS)[number];

/**
 * How captions are cut (the names are the export's query parameters less `caption_`): at most
 * `maxLines` lines of `maxChars` characters, on screen for `minSeconds` to `maxSeconds`, read at
 * no more than `maxCps` characters a second wherever the speech leaves the time.
 */
export interface CaptionStyle {
  maxChars: number;
  maxLines: number;
  maxSeconds: number;
  minSeconds: number;
  maxCps: number;
}

/** The export's query as a style; with no query, the defaults. */
export const captionStyle = (query: SubtitleQuery): CaptionStyle => ({
  maxChars: query.caption_max_chars,
  maxLines: query.caption_max_lines,
  maxSeconds: query.caption_max_seconds,
  minSeconds: query.caption_min_seconds,
  maxCps: query.caption_max_cps,
});
export const DEFAULT_CAPTION_STYLE = captionStyle(SubtitleQuery.parse({}));

export interface Cue {
  start: number;
  end: number;
  lines: string[];
  /** Who speaks, with speaker labels: the speaker's name, or "Speaker A". */
  speaker?: string;
}

/** A silence this long between words is a pause: a good place to end a caption. */
const PAUSE_SECONDS = 0.5;
const CLAUSE_END = /[,;:–—]["'”’)\]]*$/;

/**
 * What it costs to end a cue (or a line) after `word`, with `gap` seconds of silence before the
 * next: nothing at a sentence's end, a little at a pause or a clause's end, most inside a phrase.
 */
function breakCost(word: TimedText, gap: number): number {
  if (SENTENCE_END.test(word.text)) return 0;
  if (gap >= PAUSE_SECONDS) return 0.5;
  if (CLAUSE_END.test(word.text)) return 1;
  return gap >= 0.25 ? 2 : 5;
}

/**
 * A run of words, with running sums for what a caption asks of any stretch of it in constant time:
 * its characters as written (spaced, but not between words of a script written without spaces),
 * and the silence in it longer than a pause.
 */
class Run {
  /** chars[k]: the letters of the first k words. */
  private readonly chars: number[] = [0];
  /** spaces[k]: the spaces between the first k words (spaces[k] - spaces[k - 1]: before word k - 1). */
  private readonly spaces: number[] = [0];
  /** silent[k]: the seconds of pause beyond PAUSE_SECONDS between the first k words. */
  private readonly silent: number[] = [0];

  constructor(readonly words: TimedText[]) {
    words.forEach((word, k) => {
      this.chars.push(this.chars[k]! + word.text.length);
      this.spaces.push(this.spaces[k]! + (k > 0 && spaced(words[k - 1]!.text, word.text) ? 1 : 0));
      const gap = k > 0 ? word.start - words[k - 1]!.end : 0;
      this.silent.push(this.silent[k]! + Math.max(0, gap - PAUSE_SECONDS));
    });
  }

  /** The characters of words [from, to) as written. */
  length(from: number, to: number): number {
    return this.chars[to]! - this.chars[from]! + this.space(from, to);
  }

  /** The spaces between words [from, to). */
  private space(from: number, to: number): number {
    return this.spaces[to]! - this.spaces[from + 1]!;
  }

  /** The pauses beyond PAUSE_SECONDS inside words [from, to). */
  silence(from: number, to: number): number {
    return this.silent[to]! - this.silent[from + 1]!;
  }

  /**
   * Whether words [from, to) fit in `maxLines` lines of `maxChars` (one word alone always does):
   * filling each line in turn takes the fewest lines there are.
   */
  fits(from: number, to: number, { maxChars, maxLines }: CaptionStyle): boolean {
    if (to - from === 1) return true;
    let lines = 1;
    let line = -1;
    for (let k = from; k < to; k++) {
      const word = this.length(k, k + 1);
      const gap = k > from ? this.space(k - 1, k + 1) : 0;
      if (word > maxChars) return false;
      if (line >= 0 && line + gap + word <= maxChars) line += gap + word;
      else if (line < 0) line = word;
      else if (++lines > maxLines) return false;
      else line = word;
    }
    return true;
  }

  /**
   * Words [from, to), which fit, in lines as even as can be and broken after punctuation where
   * they can.
   */
  wrap(from: number, to: number, { maxChars, maxLines }: CaptionStyle): string[] {
    const text = (a: number, b: number) =>
      this.words
        .slice(a, b)
        .map((w, k) => (k > 0 && this.space(a + k - 1, a + k + 1) ? ' ' : '') + w.text)
        .join('');
    if (to - from === 1) return [text(from, to)];
    // best[l][k]: the cost of words [from, k) in l lines, and where its last line began.
    const best: { cost: number; begins: number }[][] = [[]];
    best[0]![from] = { cost: 0, begins: from };
    for (let l = 1; l <= maxLines; l++) {
      best[l] = [];
      for (let k = from + 1; k <= to; k++) {
        let found = { cost: Infinity, begins: -1 };
        for (let b = k - 1; b >= from && this.length(b, k) <= maxChars; b--) {
          const before = best[l - 1]![b];
          if (!before || before.cost === Infinity) continue;
          const slack = maxChars - this.length(b, k);
          const at = b > from ? breakCost(this.words[b - 1]!, 0) : 0;
          const cost = before.cost + slack * slack + at * 40;
          if (cost < found.cost) found = { cost, begins: b };
        }
        best[l]![k] = found;
      }
    }
    const lines = best.findIndex((row, l) => l > 0 && (row[to]?.cost ?? Infinity) < Infinity);
    const out: string[] = [];
    for (let l = lines, k = to; l > 0; l--) {
      const { begins } = best[l]![k]!;
      out.unshift(text(begins, k));
      k = begins;
    }
    return out;
  }
}

/**
 * One speaker's run of words as cues: cut where a cue would no longer fit its lines or
 * `maxSeconds`, choosing among the cuts that fit those the fewest and best placed (sentence ends,
 * pauses, clause ends; never inside a word), and each cue long enough to read (`minSeconds`,
 * `maxCps`) where the next leaves it the time. `next` is when the next run's first word starts.
 */
function cutCues(words: TimedText[], style: CaptionStyle, next = Infinity): Cue[] {
  const run = new Run(words);
  const n = words.length;
  const startOf = (k: number) => (k < n ? words[k]!.start : next);
  // What it costs to end a cue after each word.
  const ending = words.map((word, k) =>
    k < n - 1 ? breakCost(word, startOf(k + 1) - word.end) : 0,
  );
  const shown = (from: number, to: number) => {
    const start = words[from]!.start;
    const last = words[to - 1]!.end;
    const needed = Math.max(style.minSeconds, run.length(from, to) / style.maxCps);
    const room = Math.min(startOf(to), start + style.maxSeconds);
    return {
      start,
      end: Math.max(last, Math.min(start + needed, room)),
      short: needed - (room - start),
    };
  };
  // best[k]: the least cost of the first k words as cues, and where the last of them began.
  const best: { cost: number; from: number }[] = [{ cost: 0, from: 0 }];
  for (let to = 1; to <= n; to++) {
    best[to] = { cost: Infinity, from: -1 };
    for (let from = to - 1; from >= 0; from--) {
      const alone = to - from === 1;
      if (!alone && words[to - 1]!.end - words[from]!.start > style.maxSeconds) break;
      if (!run.fits(from, to, style)) break;
      const { short } = shown(from, to);
      // A caption left up through a long silence reads as said in it.
      const cost =
        best[from]!.cost +
        10 +
        ending[to - 1]! * 4 +
        Math.max(0, short) * 20 +
        run.silence(from, to) * 40;
      if (cost < best[to]!.cost) best[to] = { cost, from };
    }
  }
  const cues: Cue[] = [];
  for (let to = n; to > 0; to = best[to]!.from) {
    const { from } = best[to]!;
    const { start, end } = shown(from, to);
    cues.unshift({ start, end, lines: run.wrap(from, to, style) });
  }
  return cues;
}

/** The captions of a result, as SRT and VTT show them (exported for the tests of the style). */
export function captionCues(
  result: TranscriptResult,
  names: SpeakerNameMap,
  style: CaptionStyle,
): Cue[] {
  // With speaker labels, a cue keeps to one speaker's turn.
  if (result.utterances?.length) {
    const turns = turnsOf(result.utterances, result.words);
    return turns.flatMap((turn, i) =>
      cutCues(turn.words, style, turns[i + 1]?.words[0]?.start).map((cue) => ({
        ...cue,
        speaker: cueText(speakerName(names, turn.speaker)),
      })),
    );
  }
  if (result.words.length > 0) return cutCues(result.words, style);
  // Segments never share a cue: a cue keeps to one stretch of speech.
  return result.segments.flatMap((s, i) =>
    cutCues(interpolateWords(s), style, result.segments[i + 1]?.start),
  );
}

/**
 * Each speaker's turns with their words: the timed words, runs of one speaker, when the result
 * has them (the turns were made from them); otherwise each turn's text spread over its time.
 */
function turnsOf(
  turns: TranscriptUtterance[],
  words: TranscriptWord[],
): { speaker: string; words: TimedText[] }[] {
  if (words.length === 0 || words.some((w) => w.speaker === undefined))
    return turns.map((turn) => ({ speaker: turn.speaker, words: interpolateWords(turn) }));
  const runs: { speaker: string; words: TimedText[] }[] = [];
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
  style: CaptionStyle = DEFAULT_CAPTION_STYLE,
): string {
  return captionCues(result, names, style)
    .map((c, i) => {
      const text = (c.speaker ? `${c.speaker}: ` : '') + c.lines.join('\n');
      return `${i + 1}\n${clock(c.start, ',')} --> ${clock(c.end, ',')}\n${text}\n`;
    })
    .join('\n');
}

export function toVtt(
  result: TranscriptResult,
  names: SpeakerNameMap = {},
  style: CaptionStyle = DEFAULT_CAPTION_STYLE,
): string {
  const cues = captionCues(result, names, style).map((c) => {
    const text = (c.speaker ? `<v ${c.speaker}>` : '') + c.lines.join('\n');
    return `${clock(c.start, '.')} --> ${clock(c.end, '.')}\n${text}\n`;
  });
  return ['WEBVTT\n', ...cues].join('\n');
}

export function toSubtitles(
  format: SubtitleFormat,
  result: TranscriptResult,
  names: SpeakerNameMap = {},
  style: CaptionStyle = DEFAULT_CAPTION_STYLE,
): string {
  return format === 'srt' ? toSrt(result, names, style) : toVtt(result, names, style);
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
