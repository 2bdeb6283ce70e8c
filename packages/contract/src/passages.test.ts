/** Sentences and paragraphs: made of words by punctuation, pauses and speaker turns. */
import { describe, expect, it } from 'vitest';
import {
  joinedText,
  paragraphsOf,
  sentencesOf,
  type PassageSource,
  type PassageWord,
} from './passages.js';
import { PARAGRAPH_WORDS, PASSAGE_PAUSE_SECONDS } from './transcriptionLimits.js';

const base: PassageSource = { segments: [], words: [] };

/** Words said one after another (0.3 s each, 0.1 s apart), from `at`, by `speaker`. */
function said(text: string, at = 0, speaker?: string, confidence = 0.9): PassageWord[] {
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

  it("without timed words, takes speakers from the turns, not from segments' majority", () => {
    const segments = [{ start: 0, end: 4, text: 'How long? About six hours.', speaker: 'B' }];
    const utterances = [
      { start: 0, end: 1, text: 'How long?', speaker: 'A' },
      { start: 1.2, end: 4, text: 'About six hours.', speaker: 'B' },
    ];
    const sentences = sentencesOf({ ...base, segments, utterances });
    expect(sentences.map((s) => [s.speaker, s.text])).toEqual([
      ['A', 'How long?'],
      ['B', 'About six hours.'],
    ]);
  });

  it('ends CJK sentences at their punctuation and joins their words unspaced', () => {
    const words = said('今天 天气 很好。 我们 走吧！ OK 好的。');
    expect(texts(sentencesOf({ ...base, words }))).toEqual([
      '今天天气很好。',
      '我们走吧！',
      'OK 好的。',
    ]);
  });

  it('joins segments as their scripts are written: spaced, but not between Chinese ones', () => {
    expect(joinedText([' Ask not', ' what your country', ' ', 'can do.'])).toBe(
      'Ask not what your country can do.',
    );
    expect(joinedText(['今天天气很好，', '我们走吧。', 'OK', '好的。'])).toBe(
      '今天天气很好，我们走吧。 OK 好的。',
    );
    expect(joinedText(['東京へ行きます。', 'Then Paris.'])).toBe('東京へ行きます。 Then Paris.');
    // Thai spaces its phrases, where segments end; its words, within them, are unspaced.
    expect(joinedText(['สวัสดีครับ', 'ผมชื่อสมชาย'])).toBe('สวัสดีครับ ผมชื่อสมชาย');
    // Characters beyond the Basic Multilingual Plane (a rare Han one) are read whole.
    expect(joinedText(['𠮷野家', '家に'])).toBe('𠮷野家家に');
    expect(joinedText(['我们去𠮷', '野家'])).toBe('我们去𠮷野家');
  });

  it('leaves out words without text and trims the rest', () => {
    const words = said('We met today.').map((w, k) => (k === 1 ? { ...w, text: ' met ' } : w));
    words.splice(1, 0, { ...words[0]!, text: ' ', confidence: 0 });
    const [sentence] = sentencesOf({ ...base, words });
    expect(sentence).toMatchObject({ text: 'We met today.', confidence: 0.9 });
    expect(sentence!.words.map((w) => w.text)).toEqual(['We', 'met', 'today.']);
  });

  it(`cuts an unpunctuated run at ${PARAGRAPH_WORDS} words`, () => {
    const words = said(Array.from({ length: 2 * PARAGRAPH_WORDS + 5 }, () => 'la').join(' '));
    expect(sentencesOf({ ...base, words }).map((s) => s.words.length)).toEqual([
      PARAGRAPH_WORDS,
      PARAGRAPH_WORDS,
      5,
    ]);
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
