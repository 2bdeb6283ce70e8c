export { SpeakerChip } from './SpeakerChip';
export type { SpeakerChipProps } from './SpeakerChip';
