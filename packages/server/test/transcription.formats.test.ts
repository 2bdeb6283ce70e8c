/** Subtitle exports: captions cut to a style (lines, seconds, reading speed) from words or segments. */
import { describe, expect, it } from 'vitest';
import type { TranscriptResult } from '../src/db/schema/transcription.js';
import { speakerName } from '@parlance/contract/endpoints';
import {
  DEFAULT_CAPTION_STYLE,
  toSrt,
  toText,
  toVtt,
  type CaptionStyle,
} from '../src/transcription/formats.js';

const base: TranscriptResult = {
  text: '',
  language: 'en',
  languageProbability: 1,
  segments: [],
  words: [],
};

const style = (change: Partial<CaptionStyle> = {}): CaptionStyle => ({
  ...DEFAULT_CAPTION_STYLE,
  ...change,
});
/** Words said one after another, `seconds` each, a `pause` after those that end with one. */
const spoken = (text: string, seconds = 0.3, pause = 0.6) => {
  let at = 0;
  return text.split(' ').map((word) => {
    const w = { start: at, end: at + seconds, text: word, confidence: 1 };
    at = w.end + (/[.,?!]$/.test(word) ? pause : 0.05);
    return w;
  });
};
/** Each cue of an SRT: its start and end (s) and lines. */
const cuesOf = (srt: string) =>
  srt
    .trim()
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const [, timing = '', ...lines] = block.split('\n');
      const [start = 0, end = 0] = timing.split(' --> ').map((t) => {
        const [h, m, s] = t.replace(',', '.').split(':').map(Number);
        return h! * 3600 + m! * 60 + s!;
      });
      return { start, end, lines };
    });

describe('toSrt / toVtt', () => {
  it('cuts at sentence ends and pauses rather than inside a phrase, lines within the limits', () => {
    const words = spoken(
      'We shipped the new batching on Tuesday. Queue times dropped from forty seconds to under ten at peak, which is what we hoped for.',
    );
    const cues = cuesOf(toSrt({ ...base, words }));
    expect(cues.map((c) => c.lines)).toEqual([
      ['We shipped the new batching on Tuesday.'],
      ['Queue times dropped from forty', 'seconds to under ten at peak,'],
      ['which is what we hoped for.'],
    ]);
    for (const cue of cues) {
      expect(cue.lines.length).toBeLessThanOrEqual(2);
      for (const line of cue.lines) expect(line.length).toBeLessThanOrEqual(42);
    }
  });

  it('keeps a cue to its line length, line count and seconds', () => {
    // Words of 1 s, 50 ms apart: four of them span 4.15 s.
    const words = spoken('one two three four five six seven eight nine ten eleven twelve', 1, 0);
    const cues = cuesOf(toSrt({ ...base, words }, {}, style({ maxChars: 14, maxSeconds: 4.5 })));
    expect(cues.map((c) => c.lines)).toEqual([
      ['one two', 'three four'],
      ['five six', 'seven eight'],
      ['nine ten', 'eleven twelve'],
    ]);
    const shorter = cuesOf(toSrt({ ...base, words }, {}, style({ maxChars: 14, maxSeconds: 4 })));
    expect(shorter.map((c) => c.lines.join(' '))).toEqual([
      'one two three',
      'four five six',
      'seven eight nine',
      'ten eleven twelve',
    ]);
    const oneLine = cuesOf(toSrt({ ...base, words }, {}, style({ maxChars: 14, maxLines: 1 })));
    expect(oneLine.map((c) => c.lines)).toEqual([
      ['one two three'],
      ['four five six'],
      ['seven eight'],
      ['nine ten'],
      ['eleven twelve'],
    ]);
  });

  it('leaves a quick cue up long enough to read, never past the next', () => {
    const later = (words: ReturnType<typeof spoken>, by: number) =>
      words.map((w) => ({ ...w, start: w.start + by, end: w.end + by }));
    const words = [
      { start: 0, end: 0.4, text: 'Yes.', confidence: 1 },
      ...later(spoken('Absolutely, no question.', 0.3, 0), 5),
      ...later(spoken('Moving on to the next item.'), 6.2),
    ];
    const cues = cuesOf(toSrt({ ...base, words }, {}, style({ maxChars: 20 })));
    // "Yes." stays its minimum second. The 24 characters of the next need 1.41 s at 17 a second,
    // but the next cue begins 1.2 s after it: it lasts until then.
    expect(cues).toEqual([
      { start: 0, end: 1, lines: ['Yes.'] },
      { start: 5, end: 6.2, lines: ['Absolutely,', 'no question.'] },
      { start: 6.2, end: 8.25, lines: ['Moving on to', 'the next item.'] },
    ]);
  });

  it('splits a long segment into cues with times spread by characters; segments never share a cue', () => {
    const segments = [
      { start: 0, end: 5, text: 'aaaa bbbb cccc dddd eeee' },
      { start: 3661.5, end: 3662, text: 'late' },
    ];
    const vtt = toVtt({ ...base, segments }, {}, style({ maxChars: 9 }));
    expect(vtt).toBe(
      [
        'WEBVTT\n',
        '00:00:00.000 --> 00:00:04.000\naaaa bbbb\ncccc dddd\n',
        '00:00:04.000 --> 00:00:05.000\neeee\n',
        '01:01:01.500 --> 01:01:02.500\nlate\n',
      ].join('\n'),
    );
  });

  it('joins words of a script written without spaces as written, within the line length', () => {
    // Whisper's Japanese words: no space between them, nor around the marks the script shares
    // (ー, 「, 。) or a character outside the basic plane (𠮷); one before the Latin word.
    const texts = [
      '今日',
      'は',
      'コーヒー',
      'を',
      '「',
      '𠮷',
      '」',
      'で',
      '飲み',
      'ます。',
      'Parlance',
      'で',
      '文字',
      '起こし',
      'を',
      'し',
      'ます。',
    ];
    const words = texts.map((text, i) => ({
      start: i * 0.3,
      end: i * 0.3 + 0.25,
      text,
      confidence: 1,
    }));
    const cues = cuesOf(toSrt({ ...base, language: 'ja', words }, {}, style({ maxChars: 12 })));
    expect(cues.flatMap((c) => c.lines).join('')).toBe(
      '今日はコーヒーを「𠮷」で飲みます。Parlance で文字起こしをします。',
    );
    for (const line of cues.flatMap((c) => c.lines)) expect(line.length).toBeLessThanOrEqual(12);
  });

  it('keeps a word longer than the line length whole, and an empty result gives no cues', () => {
    const segments = [{ start: 0, end: 1, text: 'supercalifragilistic' }];
    expect(toSrt({ ...base, segments }, {}, style({ maxChars: 10 }))).toBe(
      '1\n00:00:00,000 --> 00:00:01,176\nsupercalifragilistic\n',
    );
    expect(toSrt(base)).toBe('');
    expect(toVtt(base)).toBe('WEBVTT\n');
  });
});

describe('exports with speaker labels', () => {
  const word = (text: string, start: number, end: number, speaker: string) => ({
    text,
    start,
    end,
    confidence: 1,
    speaker,
  });
  const words = [
    word('hi', 0, 0.5, 'A'),
    word('x', 1, 1, 'A'), // no duration, at the turn's very end
    word('there', 1, 1.5, 'B'),
  ];
  const labelled: TranscriptResult = {
    ...base,
    text: 'hi x there',
    words,
    utterances: [
      { speaker: 'A', start: 0, end: 1, text: 'hi x', confidence: 1 },
      { speaker: 'B', start: 1, end: 1.5, text: 'there', confidence: 1 },
    ],
  };

  it('gives each turn its own cues, each word once, named by the names given', () => {
    expect(toSrt(labelled, { A: 'Ann' })).toBe(
      [
        '1\n00:00:00,000 --> 00:00:01,000\nAnn: hi x\n',
        '2\n00:00:01,000 --> 00:00:02,000\nSpeaker B: there\n',
      ].join('\n'),
    );
    expect(toText(labelled, { A: 'Ann' })).toBe('Ann: hi x\nSpeaker B: there\n');
  });

  it('spreads a turn over its time when the result has no timed words', () => {
    expect(toVtt({ ...labelled, words: [] }, { B: 'Bo' })).toBe(
      [
        'WEBVTT\n',
        '00:00:00.000 --> 00:00:01.000\n<v Speaker A>hi x\n',
        '00:00:01.000 --> 00:00:02.000\n<v Bo>there\n',
      ].join('\n'),
    );
  });

  it('keeps markup and cue timings out of a name', () => {
    const names = { A: '00:00:00,000 --> 09:59:59,000', B: '<font color="red">{\\an8}Bo</font>' };
    const srt = toSrt(labelled, names);
    // Two cues, two timing lines: the name's arrow is no longer one.
    expect(srt.match(/-->/g)).toHaveLength(2);
    expect(srt).toContain('00:00:00,000 --  09:59:59,000: hi x');
    expect(srt).toContain('\n font color="red"  \\an8 Bo /font : there\n');
    expect(toVtt(labelled, names)).toContain('<v  font color="red"  \\an8 Bo /font >there');
  });
});

describe('speakerName', () => {
  it('is the name given to the label, else "Speaker" and the label', () => {
    expect(speakerName({ A: 'Dana Whitfield' }, 'A')).toBe('Dana Whitfield');
    expect(speakerName({ A: 'Dana Whitfield' }, 'B')).toBe('Speaker B');
    expect(speakerName({ B: '  ' }, 'B')).toBe('Speaker B');
  });
});
