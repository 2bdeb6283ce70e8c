import type { TranscriptSegment } from '@parlance/ui';

export interface Timed {
  start: number;
  end: number;
  text: string;
}

/**
 * An engine result (segments, and words listed apart) as the Transcript view's segments: text
 * trimmed and, with word timestamps, each segment holding the words that start in it.
 */
export function transcriptSegments(
  segments: readonly Timed[],
  words?: readonly Timed[],
): TranscriptSegment[] {
  if (!words || words.length === 0)
    return segments.map(({ start, end, text }) => ({ start, end, text: text.trim() }));
  return segments.map(({ start, end, text }, index) => {
    const last = index === segments.length - 1;
    const inside = words.filter(
      (word) => word.start >= start && (last ? word.start <= end : word.start < end),
    );
    return {
      start,
      end,
      text: text.trim(),
      words: inside.map((word) => ({ start: word.start, end: word.end, word: word.text })),
    };
  });
}
