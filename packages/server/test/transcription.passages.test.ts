/** Sentences and paragraphs: made of words by punctuation, pauses and speaker turns. */
import { describe, expect, it } from 'vitest';
import type { TranscriptResult, TranscriptWord } from '../src/db/schema/transcription.js';
import { PARAGRAPH_WORDS, PASSAGE_PAUSE_SECONDS } from '@parlance/contract/endpoints';
import { paragraphsOf, sentencesOf } from '../src/transcription/passages.js';

const base: TranscriptResult = {
  text: '',
  language: 'en',
  languageProbability: 1,
  segments: [],
  words: [],
};

/** Words said one after another (0.3 s each, 0.1 s apart), from `at`, by `speaker`. */
function said(text: string, at = 0, speaker?: string, confidence = 0.9): TranscriptWord[] {
  return text.split(' ').map((word, k) => ({
    start: at + k * 0.4,
    end: at + k * 0.4 + 0.3,
    text: word,
    confidence,
    ...(speaker ? { speaker } : {}),
  }));
}
const texts = (passages: { text: string }[]) => passages.map((p) => p.text);

describe('sentencesOf', () => {
  it('ends a sentence at its closing punctuation, keeping every word once', () => {
    const words = said('Is it ready? Yes, it shipped on Tuesday. "Good."');
    const sentences = sentencesOf({ ...base, words });
    expect(texts(sentences)).toEqual(['Is it ready?', 'Yes, it shipped on Tuesday.', '"Good."']);
    expect(sentences.flatMap((s) => s.words)).toEqual(words);
    expect(sentences[1]).toMatchObject({ start: words[3]!.start, end: words[7]!.end });
  });

  it('ends one where the speaker changes or at a long pause, punctuated or not', () => {
    const words = [
      ...said('so we could', 0, 'A', 0.8),
      ...said('right', 1.3, 'B', 0.6),
      ...said('and then', 2, 'B', 0.6),
      ...said('later on', 2.7 + PASSAGE_PAUSE_SECONDS, 'B', 0.6),
    ];
    const sentences = sentencesOf({ ...base, words });
    expect(texts(sentences)).toEqual(['so we could', 'right and then', 'later on']);
    expect(sentences.map((s) => [s.speaker, s.confidence])).toEqual([
      ['A', 0.8],
      ['B', 0.6],
      ['B', 0.6],
    ]);
  });

  it('without timed words, splits segments, spreading their times, with no words or confidence', () => {
    const segments = [
      { start: 0, end: 4, text: 'We met. The plan held', speaker: 'A' },
      { start: 4.2, end: 6, text: 'until noon.', speaker: 'A' },
    ];
    const sentences = sentencesOf({ ...base, segments });
    expect(texts(sentences)).toEqual(['We met.', 'The plan held until noon.']);
    expect(sentences[0]).toMatchObject({ start: 0, words: [], confidence: null, speaker: 'A' });
    expect(sentences[0]!.end).toBeGreaterThan(0);
    expect(sentences[0]!.end).toBeLessThan(2);
    expect(sentences[1]).toMatchObject({ start: sentences[0]!.end, end: 6 });
  });

  it('has none for a transcript with no words', () => {
    expect(sentencesOf(base)).toEqual([]);
    expect(paragraphsOf(base)).toEqual([]);
  });
});

describe('paragraphsOf', () => {
  it('holds whole sentences, ending at a speaker change or a long pause', () => {
    const words = [
      ...said('Thanks for calling. How can I help?', 0, 'A'),
      ...said('My order is late. It was due Monday.', 3, 'B'),
      ...said('Let me look.', 7, 'A'),
      ...said('It left today.', 8.5 + PASSAGE_PAUSE_SECONDS, 'A'),
    ];
    expect(texts(paragraphsOf({ ...base, words }))).toEqual([
      'Thanks for calling. How can I help?',
      'My order is late. It was due Monday.',
      'Let me look.',
      'It left today.',
    ]);
  });

  it(`ends at the sentence that brings it to ${PARAGRAPH_WORDS} words`, () => {
    // Sentences of 7 words: the paragraph ends with the one that reaches the count.
    const sentence = 'One two three four five six seven.';
    const count = Math.ceil(PARAGRAPH_WORDS / 7) + 2;
    const text = Array.from({ length: count }, () => sentence).join(' ');
    const paragraphs = paragraphsOf({ ...base, words: said(text) });
    const per = Math.ceil(PARAGRAPH_WORDS / 7) * 7;
    expect(paragraphs.map((p) => p.words.length)).toEqual([per, count * 7 - per]);
    for (const p of paragraphs) expect(p.text).toMatch(/seven\.$/);
  });
});
