/** Merging the channels of a multichannel transcript (`channels.ts`); through the API: api test. */
import { describe, expect, it } from 'vitest';
import { mergeChannels } from '../src/transcription/channels.js';
import type { EngineResult } from '../src/transcription/engine/types.js';

const word = (text: string, start: number, end = start + 0.4, confidence = 0.9) => ({
  text,
  start,
  end,
  confidence,
});
const channel = (
  words: ReturnType<typeof word>[],
  more: Partial<EngineResult> = {},
): EngineResult => ({
  text: words.map((w) => w.text).join(' '),
  language: 'en',
  language_probability: 1,
  detected_language: null,
  language_fallback: false,
  duration: 10,
  truncated: false,
  untranscribed: [],
  segments: words.length
    ? [
        {
          start: words[0]!.start,
          end: words.at(-1)!.end,
          text: words.map((w) => w.text).join(' '),
          language: 'en',
        },
      ]
    : [],
  words,
  ...more,
});

describe('mergeChannels', () => {
  it('interleaves the channels by time, each channel its speaker, turn by turn', () => {
    const merged = mergeChannels([
      channel([word('Hello,', 0), word('how', 0.5), word('are', 3), word('you?', 3.5)]),
      channel([word('Mm-hm.', 1), word('Fine.', 4.2, 4.6, 0.5)]),
    ]);
    expect(merged.words.map((w) => [w.text, w.speaker, w.channel])).toEqual([
      ['Hello,', 'A', '1'],
      ['how', 'A', '1'],
      ['Mm-hm.', 'B', '2'],
      ['are', 'A', '1'],
      ['you?', 'A', '1'],
      ['Fine.', 'B', '2'],
    ]);
    expect(merged.utterances).toEqual([
      { speaker: 'A', channel: '1', start: 0, end: 0.9, text: 'Hello, how', confidence: 0.9 },
      { speaker: 'B', channel: '2', start: 1, end: 1.4, text: 'Mm-hm.', confidence: 0.9 },
      { speaker: 'A', channel: '1', start: 3, end: 3.9, text: 'are you?', confidence: 0.9 },
      { speaker: 'B', channel: '2', start: 4.2, end: 4.6, text: 'Fine.', confidence: 0.5 },
    ]);
    expect(merged.segments.map((s) => [s.start, s.speaker, s.channel])).toEqual([
      [0, 'A', '1'],
      [1, 'B', '2'],
    ]);
    expect(merged.text).toBe('Hello, how are you? Mm-hm. Fine.');
  });

  it('takes the language of the channel that spoke longest, and the file’s length', () => {
    const merged = mergeChannels([
      channel([word('Ja.', 0)], { language: 'de', duration: 12.5 }),
      channel([word('Yes,', 1), word('of', 2), word('course.', 5)], { duration: 12.4 }),
    ]);
    expect(merged.language).toBe('en');
    expect(merged.duration).toBe(12.5);
  });

  it('joins the stretches no words came from where two channels overlap, and keeps truncation', () => {
    const merged = mergeChannels([
      channel([word('a', 0)], {
        untranscribed: [
          { start: 2, end: 4 },
          { start: 8, end: 9 },
        ],
      }),
      channel([word('b', 0)], { untranscribed: [{ start: 3, end: 5 }], truncated: true }),
    ]);
    expect(merged.untranscribed).toEqual([
      { start: 2, end: 5 },
      { start: 8, end: 9 },
    ]);
    expect(merged.truncated).toBe(true);
  });

  it('joins a turn’s words as its script is written: no spaces between Chinese words', () => {
    const merged = mergeChannels([channel([word('你好', 0), word('世界', 0.5)]), channel([])]);
    expect(merged.utterances.map((turn) => turn.text)).toEqual(['你好世界']);
  });
});
