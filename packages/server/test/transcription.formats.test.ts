/** Subtitle exports: cue building from words or from segments, line length, timestamps. */
import { describe, expect, it } from 'vitest';
import type { TranscriptResult } from '../src/db/schema/transcription.js';
import { speakerName } from '@parlance/contract/endpoints';
import { toSrt, toText, toVtt } from '../src/transcription/formats.js';

const base: TranscriptResult = {
  text: '',
  language: 'en',
  languageProbability: 1,
  segments: [],
  words: [],
};

describe('toSrt / toVtt', () => {
  it('wraps word-timed results into two-line cues within the line length, timed by their words', () => {
    const words = 'one two three four five six seven eight nine ten'.split(' ').map((text, i) => ({
      start: i,
      end: i + 0.5,
      text,
      confidence: 1,
    }));
    const srt = toSrt({ ...base, words }, {}, 14);
    expect(srt).toBe(
      [
        '1\n00:00:00,000 --> 00:00:05,500\none two three\nfour five six\n',
        '2\n00:00:06,000 --> 00:00:09,500\nseven eight\nnine ten\n',
      ].join('\n'),
    );
  });

  it('splits a long segment into cues with times spread by characters; segments never share a cue', () => {
    const segments = [
      { start: 0, end: 5, text: 'aaaa bbbb cccc dddd eeee' },
      { start: 3661.5, end: 3662, text: 'late' },
    ];
    const vtt = toVtt({ ...base, segments }, {}, 9);
    expect(vtt).toBe(
      [
        'WEBVTT\n',
        '00:00:00.000 --> 00:00:04.000\naaaa bbbb\ncccc dddd\n',
        '00:00:04.000 --> 00:00:05.000\neeee\n',
        '01:01:01.500 --> 01:01:02.000\nlate\n',
      ].join('\n'),
    );
  });

  it('keeps a word longer than the line length whole, and an empty result gives no cues', () => {
    const segments = [{ start: 0, end: 1, text: 'supercalifragilistic' }];
    expect(toSrt({ ...base, segments }, {}, 10)).toBe(
      '1\n00:00:00,000 --> 00:00:01,000\nsupercalifragilistic\n',
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
        '2\n00:00:01,000 --> 00:00:01,500\nSpeaker B: there\n',
      ].join('\n'),
    );
    expect(toText(labelled, { A: 'Ann' })).toBe('Ann: hi x\nSpeaker B: there\n');
  });

  it('spreads a turn over its time when the result has no timed words', () => {
    expect(toVtt({ ...labelled, words: [] }, { B: 'Bo' })).toBe(
      [
        'WEBVTT\n',
        '00:00:00.000 --> 00:00:01.000\n<v Speaker A>hi x\n',
        '00:00:01.000 --> 00:00:01.500\n<v Bo>there\n',
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
