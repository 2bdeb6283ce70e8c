/**
 * A live stream's audio as it arrives: frames may split a sample (the odd byte is kept for the
 * next frame) and may be of any length. Counts what was received (what a stream is billed for)
 * and when it last held sound. The audio goes to the engine at its own rate: the engine
 * resamples it, off this process's event loop.
 */
export class PcmSamples {
  /** Input samples received. */
  received = 0;
  /** Input samples received up to the end of the last 20 ms that held sound. */
  soundUntil = 0;
  private carry: Buffer | undefined;
  private readonly window: number;

  constructor(readonly rate: number) {
    this.window = Math.round(rate * SOUND_WINDOW_SECONDS);
  }

  get receivedSeconds(): number {
    return this.received / this.rate;
  }

  /** The whole samples of a frame (with the byte a previous frame left), counted. */
  push(chunk: Buffer): Buffer {
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 2);
    this.carry = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : undefined;
    const pcm = bytes.subarray(0, whole);
    const start = this.received;
    this.received += whole / 2;
    // Sound: the last 20 ms window of this frame louder than SOUND_RMS. A frame shorter than a
    // window (a client dripping bytes to keep a place) never counts.
    const samples = pcm.length / 2;
    for (let end = samples; end >= this.window; end -= this.window) {
      let sum = 0;
      for (let i = end - this.window; i < end; i++) sum += pcm.readInt16LE(i * 2) ** 2;
      if (sum / this.window >= SOUND_RMS ** 2) {
        this.soundUntil = start + end;
        break;
      }
    }
    return pcm;
  }
}

/** The span the loudness of audio is measured over. */
const SOUND_WINDOW_SECONDS = 0.02;
/**
 * RMS (of 32,768) from which 20 ms of audio counts as sound: -55 dBFS, under the room noise of a
 * live microphone, over digital silence and dither.
 */
export const SOUND_RMS = 58;
