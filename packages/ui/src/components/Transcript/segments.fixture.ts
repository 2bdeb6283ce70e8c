import type { TranscriptSegment } from './Transcript';

const lines = [
  'Welcome to the Parlance product call.',
  'Today we walk through the new transcription dashboard.',
  'First, upload an audio file or paste a public URL.',
  'The job is queued, then processed by the speech engine.',
  'You can follow its progress on the history page.',
  'When it completes, every segment has a timestamp.',
  'Click a line to jump the player to that moment.',
  'Word-level timings are available for every model.',
  'Export the transcript as text, SRT or WebVTT.',
  'Thanks for listening, and happy building.',
];

/** Ten deterministic segments of about six seconds each, with word timings. */
export const sampleSegments: TranscriptSegment[] = lines.map((text, index) => {
  const start = index * 6.5;
  const words = text.split(' ');
  const step = 6 / words.length;
  return {
    start,
    end: start + 6.5,
    text,
    speaker: index % 2 === 0 ? 'Speaker 1' : 'Speaker 2',
    words: words.map((word, i) => ({ word, start: start + i * step, end: start + (i + 1) * step })),
  };
});
