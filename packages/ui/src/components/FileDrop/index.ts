export { FileDrop } from './FileDrop';
export type { FileDropProps } from './FileDrop';
export { AUDIO_ACCEPT } from './accept';
