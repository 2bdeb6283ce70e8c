import { describe, expect, it } from 'vitest';
import jfk from '../shells/public/demo/jfk-transcript.json';
import { transcriptSegments } from './transcriptSegments';

const segments = [
  { start: 0, end: 2, text: 'Hello there.' },
  { start: 2, end: 4, text: 'General Kenobi.' },
];

describe('transcriptSegments', () => {
  it('keeps segments as they are without words', () => {
    expect(transcriptSegments(segments)).toEqual(segments);
    expect(transcriptSegments(segments, [])).toEqual(segments);
  });

  it('puts each word into the segment it starts in', () => {
    const words = [
      { start: 0, end: 0.8, text: 'Hello' },
      { start: 0.9, end: 2, text: 'there.' },
      { start: 2, end: 3, text: 'General' },
      { start: 3.1, end: 4, text: 'Kenobi.' },
    ];
    const [first, second] = transcriptSegments(segments, words);
    expect(first?.words?.map((word) => word.word)).toEqual(['Hello', 'there.']);
    expect(second?.words).toEqual([
      { start: 2, end: 3, word: 'General' },
      { start: 3.1, end: 4, word: 'Kenobi.' },
    ]);
  });

  it('trims the text engines pad with a leading space', () => {
    expect(transcriptSegments([{ start: 0, end: 1, text: ' Hello.' }])).toEqual([
      { start: 0, end: 1, text: 'Hello.' },
    ]);
  });

  it('keeps every word of the recorded demo transcript', () => {
    const result = transcriptSegments(jfk.segments, jfk.words);
    expect(result.flatMap((segment) => segment.words ?? [])).toHaveLength(jfk.words.length);
    expect(result.map((segment) => segment.text).join(' ')).toBe(jfk.text);
  });
});
