/**
 * What the Live playground sends `/v1/realtime`: mono signed 16-bit little-endian PCM at the
 * capture's own sample rate (no resampling here: the server resamples), in frames of about 100 ms.
 */

/** How much audio one binary frame holds. */
export const FRAME_SECONDS = 0.1;

/**
 * Float samples in [-1, 1] as signed 16-bit little-endian bytes: clipped to the range, scaled to
 * [-32768, 32767] and rounded; NaN becomes silence.
 */
export function floatToPcm16(samples: Float32Array): ArrayBuffer {
  const bytes = new ArrayBuffer(samples.length * 2);
  const view = new DataView(bytes);
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i] ?? 0;
    const clipped = Number.isNaN(sample) ? 0 : Math.max(-1, Math.min(1, sample));
    view.setInt16(i * 2, Math.round(clipped < 0 ? clipped * 0x8000 : clipped * 0x7fff), true);
  }
  return bytes;
}

/** Root mean square of the samples (0 for none): how loud a frame is. */
export function rms(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

/** The quietest level the meter shows above zero, in dB below full scale. */
const METER_FLOOR_DB = 60;

/** An RMS as a meter reading in [0, 1]: decibels from -60 dBFS (0) to full scale (1). */
export function meterLevel(value: number): number {
  if (!(value > 0)) return 0;
  const db = 20 * Math.log10(value);
  return Math.max(0, Math.min(1, (db + METER_FLOOR_DB) / METER_FLOOR_DB));
}

/** One frame ready to send. */
export interface PcmFrame {
  /** The samples as s16le bytes. */
  data: ArrayBuffer;
  /** How many samples it holds. */
  samples: number;
  /** Its RMS (of the float samples), for the level meter. */
  rms: number;
}

/**
 * Cuts a stream of float chunks of any length (an AudioWorklet's 128-sample blocks, or larger)
 * into frames of `round(sampleRate × FRAME_SECONDS)` samples, in order, without dropping or
 * repeating a sample; `flush` returns what is left as a last, shorter frame.
 */
export class PcmFramer {
  readonly frameSamples: number;
  private pending: Float32Array;
  private filled = 0;

  constructor(sampleRate: number) {
    if (!Number.isFinite(sampleRate) || sampleRate <= 0)
      throw new RangeError(`Invalid sample rate: ${sampleRate}`);
    this.frameSamples = Math.max(1, Math.round(sampleRate * FRAME_SECONDS));
    this.pending = new Float32Array(this.frameSamples);
  }

  /** Adds samples; returns the frames they completed (none, one or several). */
  push(chunk: Float32Array): PcmFrame[] {
    const frames: PcmFrame[] = [];
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(this.frameSamples - this.filled, chunk.length - offset);
      this.pending.set(chunk.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.frameSamples) frames.push(this.take());
    }
    return frames;
  }

  /** The samples not yet framed, as a last frame (null when there are none). */
  flush(): PcmFrame | null {
    return this.filled > 0 ? this.take() : null;
  }

  private take(): PcmFrame {
    const samples = this.pending.slice(0, this.filled);
    this.filled = 0;
    return { data: floatToPcm16(samples), samples: samples.length, rms: rms(samples) };
  }
}
