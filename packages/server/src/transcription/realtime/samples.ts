/**
 * A live stream's audio as it arrives: frames may split a sample (the odd byte is kept for the
 * next frame) and may be of any length. Counts what was received (what a stream is billed for)
 * and when it last held sound. The audio goes to the engine at its own rate: the engine
 * resamples it, off this process's event loop.
 */
export class PcmSamples {
  /** Input samples received. */
  received = 0;
  /** Input samples received up to the end of the last 20 ms window that held sound. */
  soundUntil = 0;
  private carry: Buffer | undefined;
  private readonly window: number;
  /** The window being filled (it spans frames): samples in it, and how many were loud. */
  private filled = 0;
  private loud = 0;

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
    for (let i = 0; i < whole / 2; i++) {
      if (Math.abs(pcm.readInt16LE(i * 2)) >= SOUND_LEVEL) this.loud += 1;
      this.filled += 1;
      if (this.filled === this.window) {
        if (this.loud >= this.window * SOUND_SHARE) this.soundUntil = this.received + i + 1;
        this.filled = 0;
        this.loud = 0;
      }
    }
    this.received += whole / 2;
    return pcm;
  }
}

/** The span the loudness of audio is judged over; windows run on across frames. */
const SOUND_WINDOW_SECONDS = 0.02;
/**
 * A window holds sound when at least SOUND_SHARE of its samples reach SOUND_LEVEL (of 32,768):
 * -55 dBFS, under the room noise of a live microphone, over digital silence and dither. A share,
 * not an RMS: a lone loud sample (a click) in a window of silence does not make it sound.
 */
export const SOUND_LEVEL = 58;
const SOUND_SHARE = 0.25;
