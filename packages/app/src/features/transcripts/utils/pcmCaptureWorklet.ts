/**
 * The AudioWorklet processor of the Live playground's microphone (loaded by `microphone.ts` with
 * `?worker&url`, so Vite bundles it into a file of its own on this origin, as the CSP wants): it
 * passes the first channel of its input to the page in blocks of BLOCK_SAMPLES. It has no output
 * (nothing is played back). Framing and conversion to PCM happen on the page (`pcm.ts`).
 */

// The worklet scope's globals (not in lib.dom); the export keeps them out of the app's globals.
export {};

declare abstract class AudioWorkletProcessor {
  readonly port: MessagePort;
  abstract process(inputs: Float32Array[][]): boolean;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/** About 21 ms at 48 kHz: fewer messages than one per 128-sample render quantum. */
const BLOCK_SAMPLES = 1024;

class PcmCapture extends AudioWorkletProcessor {
  private block = new Float32Array(BLOCK_SAMPLES);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (!channel) return true;
    let offset = 0;
    while (offset < channel.length) {
      const take = Math.min(BLOCK_SAMPLES - this.filled, channel.length - offset);
      this.block.set(channel.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === BLOCK_SAMPLES) {
        this.port.postMessage(this.block, [this.block.buffer]);
        this.block = new Float32Array(BLOCK_SAMPLES);
        this.filled = 0;
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCapture);
