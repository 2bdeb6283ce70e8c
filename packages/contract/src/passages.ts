/**
 * A transcript's sentences and paragraphs, made of its words by punctuation, pauses and speaker
 * turns: served by `GET /v1/transcript/:id/sentences` and `/paragraphs`, and read in the web app.
 */
import { PARAGRAPH_WORDS, PASSAGE_PAUSE_SECONDS } from './transcriptionLimits.js';

export interface TimedText {
  start: number;
  end: number;
  text: string;
}
/** A word as a result lists it (timed by the engine). */
export interface PassageWord extends TimedText {
  confidence: number;
  speaker?: string;
}
/**
 * What passages are made of: a result's timed words; without them, its speaker turns (exact where
 * segments name only who spoke most of them), else its segments.
 */
export interface PassageSource {
  words: readonly PassageWord[];
  segments: readonly (TimedText & { speaker?: string })[];
  utterances?: readonly (TimedText & { speaker: string })[];
}

/** A sentence or a paragraph: its text and times, who said it, and its words when they are timed. */
export interface Passage extends TimedText {
  /** The mean confidence of its words; null when the result has no timed words. */
  confidence: number | null;
  speaker?: string;
  /** Its timed words (none when the result was made without word timestamps). */
  words: PassageWord[];
}

/** Closing punctuation (Latin, CJK, Arabic, Devanagari), and any quote or bracket after it. */
export const SENTENCE_END = /[.?!…。！？｡؟।]["'”’)\]」』）]*$/;
/**
 * Scripts written without spaces between words, with the marks and full-width forms they share
 * (ー, 。, 「, ！): their words are joined as they are.
 */
const UNSPACED =
  /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3000-\u303f\uff01-\uff60]/u;

/**
 * Scripts that put no space even between phrases and sentences (Chinese, Japanese), with their
 * marks: where two pieces of a transcript meet, the only ones joined unspaced. Thai, Lao, Khmer
 * and Burmese space their phrases, where segments end.
 */
const UNSPACED_PHRASES =
  /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}\u3000-\u303f\uff01-\uff60]/u;

/** The last character of a text (a code point), read without walking the text. */
const lastOf = (text: string): string => {
  const code = text.codePointAt(text.length - 1);
  if (code === undefined) return '';
  // The low half of a surrogate pair: the character starts one unit before.
  return code >= 0xdc00 && code <= 0xdfff
    ? String.fromCodePoint(text.codePointAt(text.length - 2)!)
    : String.fromCodePoint(code);
};
const firstOf = (text: string): string => {
  const code = text.codePointAt(0);
  return code === undefined ? '' : String.fromCodePoint(code);
};

/** Words of a segment with times spread by character position (for results without word timestamps). */
export function interpolateWords(segment: TimedText): TimedText[] {
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

type Word = TimedText & { confidence?: number; speaker?: string };

/**
 * The result's words: the timed ones, or, without word timestamps, each segment's words with times
 * spread over it by their letters (as captions are) and its speaker.
 */
function wordsOf(result: PassageSource): Word[] {
  const spread = result.utterances?.length ? result.utterances : result.segments;
  const words =
    result.words.length > 0
      ? result.words
      : spread.flatMap((part) =>
          interpolateWords(part).map((word) => ({ ...word, speaker: part.speaker })),
        );
  return words
    .map((word) => ({ ...word, text: word.text.trim() }))
    .filter((word) => word.text !== '');
}

/** Whether a space goes between two words: not between two of a script written without spaces. */
export const spaced = (before: string, after: string, script = UNSPACED): boolean =>
  !(script.test(lastOf(before)) && script.test(firstOf(after)));

/** Words as text: spaced, but not between two of a script written without spaces. */
export const joined = (words: readonly { text: string }[]) =>
  words.map((w, k) => (k > 0 && spaced(words[k - 1]!.text, w.text) ? ' ' : '') + w.text).join('');

/**
 * Pieces of a transcript (segments, phrases) as one text, each trimmed, empty ones left out:
 * spaced, but not where two of Chinese or Japanese meet.
 */
export const joinedText = (texts: readonly string[]): string =>
  texts
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .map((text, k, all) => (k > 0 && spaced(all[k - 1]!, text, UNSPACED_PHRASES) ? ' ' : '') + text)
    .join('');

function passage(words: Word[]): Passage {
  const timed = words.every((w) => w.confidence !== undefined) ? (words as PassageWord[]) : [];
  const confidence =
    timed.length > 0 ? timed.reduce((sum, w) => sum + w.confidence, 0) / timed.length : null;
  const speaker = words[0]!.speaker;
  return {
    text: joined(words),
    start: words[0]!.start,
    end: words[words.length - 1]!.end,
    confidence: confidence === null ? null : Math.round(confidence * 1e4) / 1e4,
    ...(speaker === undefined ? {} : { speaker }),
    words: timed,
  };
}

/** Runs of `items`, a new one begun before each item `splits` says so of (given the one before). */
function runs<T>(items: readonly T[], splits: (before: T, item: T, run: T[]) => boolean): T[][] {
  const out: T[][] = [];
  for (const item of items) {
    const run = out[out.length - 1];
    if (run && !splits(run[run.length - 1]!, item, run)) run.push(item);
    else out.push([item]);
  }
  return out;
}

const sentenceRuns = (result: PassageSource): Word[][] =>
  runs(
    wordsOf(result),
    (before, word, sentence) =>
      SENTENCE_END.test(before.text) ||
      word.speaker !== before.speaker ||
      word.start - before.end >= PASSAGE_PAUSE_SECONDS ||
      sentence.length >= PARAGRAPH_WORDS,
  );

/**
 * The result's sentences: a sentence ends at its closing punctuation, where the speaker changes,
 * at a pause of PASSAGE_PAUSE_SECONDS, or, left unpunctuated, at PARAGRAPH_WORDS words.
 */
export const sentencesOf = (result: PassageSource): Passage[] => sentenceRuns(result).map(passage);

/**
 * The result's paragraphs, whole sentences each: a paragraph ends where the speaker changes, at a
 * pause of PASSAGE_PAUSE_SECONDS, or at the end of the sentence that brings it to PARAGRAPH_WORDS.
 */
export const paragraphsOf = (result: PassageSource): Passage[] =>
  runs(
    sentenceRuns(result),
    (before, sentence, paragraph) =>
      sentence[0]!.speaker !== before[0]!.speaker ||
      sentence[0]!.start - before[before.length - 1]!.end >= PASSAGE_PAUSE_SECONDS ||
      paragraph.reduce((n, s) => n + s.length, 0) >= PARAGRAPH_WORDS,
  ).map((sentences) => passage(sentences.flat()));
