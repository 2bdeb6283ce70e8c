export { Transcript } from './Transcript';
export type { TranscriptProps, TranscriptSegment, TranscriptWord } from './Transcript';
export { formatTimestamp } from './formatTimestamp';
