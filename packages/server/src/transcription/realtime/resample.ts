import { REALTIME_SAMPLE_RATE } from '../../contract/realtimeCodes.js';

/** Input samples each side of an output sample the low-pass filter reads, at the cut-off. */
const ZERO_CROSSINGS = 8;
/** The filter is tabulated at this many offsets between two input samples (nearest is used). */
const PHASES = 1024;

/**
 * Turns mono s16le audio at `fromRate` into s16le at the engine's 16 kHz, chunk by chunk: frames
 * may split a sample (an odd byte is kept for the next chunk) and may be of any length. Other
 * rates go through a windowed-sinc (Blackman) low-pass at the lower Nyquist frequency, so a
 * 48 kHz microphone's content above 8 kHz does not fold into the speech band.
 */
export class PcmResampler {
  /** Input samples received (what a stream is billed for: `received / fromRate` seconds). */
  received = 0;
  private carry: Buffer | undefined;
  private readonly step: number;
  private readonly cutoff: number;
  private readonly halfWidth: number;
  /** Input samples not yet consumed; `history[0]` is input sample `base`. */
  private history = new Float64Array(0);
  private base = 0;
  /** The next output sample's position, in input samples. */
  private position = 0;
  /** The filter's taps for each phase: `table[phase * taps + j]` weighs input `centre - halfWidth + 1 + j`. */
  private table = new Float64Array(0);

  constructor(readonly fromRate: number) {
    this.step = fromRate / REALTIME_SAMPLE_RATE;
    this.cutoff = Math.min(1, 1 / this.step) / 2;
    this.halfWidth = Math.ceil(ZERO_CROSSINGS / (2 * this.cutoff));
    if (this.step !== 1) {
      const taps = 2 * this.halfWidth;
      this.table = new Float64Array((PHASES + 1) * taps);
      for (let phase = 0; phase <= PHASES; phase++) {
        for (let j = 0; j < taps; j++) {
          // Input sample centre - halfWidth + 1 + j lies x = frac + halfWidth - 1 - j before t.
          this.table[phase * taps + j] = this.kernel(phase / PHASES + this.halfWidth - 1 - j);
        }
      }
    }
  }

  /** Input samples received so far. */
  get receivedSamples(): number {
    return this.received;
  }

  get receivedSeconds(): number {
    return this.received / this.fromRate;
  }

  /** Resamples a chunk; answers what is ready of the output (possibly nothing yet). */
  push(chunk: Buffer): Buffer {
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 2);
    this.carry = whole < bytes.length ? Buffer.from(bytes.subarray(whole)) : undefined;
    const input = bytes.subarray(0, whole);
    this.received += whole / 2;
    if (this.step === 1) return Buffer.from(input);
    return this.filter(input, false);
  }

  /** The output still held back for the filter's look-ahead, at the end of the stream. */
  flush(): Buffer {
    this.carry = undefined;
    if (this.step === 1) return Buffer.alloc(0);
    return this.filter(Buffer.alloc(0), true);
  }

  private filter(input: Buffer, end: boolean): Buffer {
    const added = input.length / 2;
    const history = new Float64Array(this.history.length + added + (end ? this.halfWidth : 0));
    history.set(this.history);
    for (let i = 0; i < added; i++) history[this.history.length + i] = input.readInt16LE(i * 2);
    const out: number[] = [];
    const last = this.base + history.length - 1;
    while (Math.floor(this.position) + this.halfWidth <= last) {
      out.push(this.sampleAt(history, this.position));
      this.position += this.step;
    }
    const keepFrom = Math.max(this.base, Math.floor(this.position) - this.halfWidth + 1);
    this.history = history.slice(keepFrom - this.base);
    this.base = keepFrom;
    const output = Buffer.alloc(out.length * 2);
    out.forEach((v, i) =>
      output.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v))), i * 2),
    );
    return output;
  }

  private sampleAt(history: Float64Array, t: number): number {
    const centre = Math.floor(t);
    const taps = 2 * this.halfWidth;
    const row = Math.round((t - centre) * PHASES) * taps;
    const first = centre - this.halfWidth + 1 - this.base;
    let sum = 0;
    // Before the stream began (a negative index): silence.
    for (let j = Math.max(0, -first); j < taps; j++) {
      sum += (history[first + j] ?? 0) * (this.table[row + j] ?? 0);
    }
    return sum;
  }

  private kernel(x: number): number {
    const w = this.halfWidth;
    if (Math.abs(x) >= w) return 0;
    const arg = 2 * this.cutoff * x;
    const sinc = arg === 0 ? 1 : Math.sin(Math.PI * arg) / (Math.PI * arg);
    const blackman =
      0.42 + 0.5 * Math.cos((Math.PI * x) / w) + 0.08 * Math.cos((2 * Math.PI * x) / w);
    return 2 * this.cutoff * sinc * blackman;
  }
}
