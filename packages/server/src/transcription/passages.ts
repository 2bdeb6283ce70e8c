import type { TranscriptResult, TranscriptWord } from '../db/schema/transcription.js';
import { PARAGRAPH_WORDS, PASSAGE_PAUSE_SECONDS } from '@parlance/contract/endpoints';
import { interpolateWords, SENTENCE_END } from './formats.js';

/** A sentence or a paragraph: its text and times, who said it, and its words when they are timed. */
export interface Passage {
  text: string;
  start: number;
  end: number;
  /** The mean confidence of its words; null when the transcript has no timed words. */
  confidence: number | null;
  speaker?: string;
  /** Its timed words (none when the transcript was made without word timestamps). */
  words: TranscriptWord[];
}

type Word = Omit<TranscriptWord, 'confidence'> & { confidence?: number };

/**
 * The result's words: the timed ones, or, without word timestamps, each segment's words with times
 * spread over it by their letters (as captions are) and its speaker.
 */
function wordsOf(result: TranscriptResult): Word[] {
  if (result.words.length > 0) return result.words;
  return result.segments.flatMap((segment) =>
    interpolateWords(segment).map((word) => ({ ...word, speaker: segment.speaker })),
  );
}

function passage(words: Word[]): Passage {
  const timed = words.every((w) => w.confidence !== undefined) ? (words as TranscriptWord[]) : [];
  const confidence =
    timed.length > 0 ? timed.reduce((sum, w) => sum + w.confidence, 0) / timed.length : null;
  const speaker = words[0]!.speaker;
  return {
    text: words.map((w) => w.text).join(' '),
    start: words[0]!.start,
    end: words[words.length - 1]!.end,
    confidence: confidence === null ? null : Math.round(confidence * 1e4) / 1e4,
    ...(speaker === undefined ? {} : { speaker }),
    words: timed,
  };
}

/** Runs of `items`, a new one begun before each item `splits` says so of (given the one before). */
function runs<T>(items: T[], splits: (before: T, item: T, run: T[]) => boolean): T[][] {
  const out: T[][] = [];
  for (const item of items) {
    const run = out[out.length - 1];
    if (run && !splits(run[run.length - 1]!, item, run)) run.push(item);
    else out.push([item]);
  }
  return out;
}

const sentenceRuns = (result: TranscriptResult): Word[][] =>
  runs(
    wordsOf(result),
    (before, word) =>
      SENTENCE_END.test(before.text) ||
      word.speaker !== before.speaker ||
      word.start - before.end >= PASSAGE_PAUSE_SECONDS,
  );

/**
 * The result's sentences: a sentence ends at its closing punctuation, where the speaker changes,
 * or at a pause of PASSAGE_PAUSE_SECONDS.
 */
export const sentencesOf = (result: TranscriptResult): Passage[] =>
  sentenceRuns(result).map(passage);

/**
 * The result's paragraphs, whole sentences each: a paragraph ends where the speaker changes, at a
 * pause of PASSAGE_PAUSE_SECONDS, or at the end of the sentence that brings it to PARAGRAPH_WORDS.
 */
export const paragraphsOf = (result: TranscriptResult): Passage[] =>
  runs(
    sentenceRuns(result),
    (before, sentence, paragraph) =>
      sentence[0]!.speaker !== before[0]!.speaker ||
      sentence[0]!.start - before[before.length - 1]!.end >= PASSAGE_PAUSE_SECONDS ||
      paragraph.reduce((n, s) => n + s.length, 0) >= PARAGRAPH_WORDS,
  ).map((sentences) => passage(sentences.flat()));
