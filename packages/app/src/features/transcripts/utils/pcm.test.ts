import { describe, expect, it } from 'vitest';
import { floatToPcm16, meterLevel, PcmFramer, rms } from './pcm';

/** The s16le bytes as numbers, read back little-endian. */
const int16s = (bytes: ArrayBuffer) => {
  const view = new DataView(bytes);
  return Array.from({ length: bytes.byteLength / 2 }, (_, i) => view.getInt16(i * 2, true));
};

describe('floatToPcm16', () => {
  it('scales [-1, 1] to the full signed 16-bit range, rounding, little-endian', () => {
    const bytes = floatToPcm16(new Float32Array([0, 1, -1, 0.5, -0.5, 0.25]));
    expect(bytes.byteLength).toBe(12);
    expect(int16s(bytes)).toEqual([0, 32767, -32768, 16384, -16384, 8192]);
    // 1.0 is 0x7fff: low byte first.
    expect(Array.from(new Uint8Array(bytes, 2, 2))).toEqual([0xff, 0x7f]);
    // -1.0 is 0x8000.
    expect(Array.from(new Uint8Array(bytes, 4, 2))).toEqual([0x00, 0x80]);
  });

  it('clips what is out of range and turns NaN into silence', () => {
    expect(int16s(floatToPcm16(new Float32Array([1.5, -3, Number.NaN])))).toEqual([
      32767, -32768, 0,
    ]);
  });

  it('gives no bytes for no samples', () => {
    expect(floatToPcm16(new Float32Array(0)).byteLength).toBe(0);
  });
});

describe('rms and meterLevel', () => {
  it('measures loudness', () => {
    expect(rms(new Float32Array(0))).toBe(0);
    expect(rms(new Float32Array([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5);
    expect(rms(new Float32Array([1, 0, 0, 0]))).toBeCloseTo(0.5);
  });

  it('maps -60 dBFS … 0 dBFS onto 0 … 1', () => {
    expect(meterLevel(0)).toBe(0);
    expect(meterLevel(0.0001)).toBe(0); // -80 dBFS: below the floor
    expect(meterLevel(0.001)).toBeCloseTo(0); // -60 dBFS
    expect(meterLevel(0.01)).toBeCloseTo(1 / 3); // -40 dBFS
    expect(meterLevel(1)).toBe(1);
    expect(meterLevel(2)).toBe(1);
  });
});

describe('PcmFramer', () => {
  it('makes 100 ms frames at the capture rate', () => {
    expect(new PcmFramer(48_000).frameSamples).toBe(4800);
    expect(new PcmFramer(44_100).frameSamples).toBe(4410);
    expect(new PcmFramer(16_000).frameSamples).toBe(1600);
    expect(() => new PcmFramer(0)).toThrow(RangeError);
  });

  it('cuts chunks of any size into whole frames in order, without losing or repeating a sample', () => {
    const framer = new PcmFramer(100); // 10 samples a frame
    // Samples 1, 2, 3, … as k/1000, so each can be found again in the output.
    let next = 1;
    const chunk = (length: number) => new Float32Array(Array.from({ length }, () => next++ / 1000));
    const frames = [3, 4, 128, 1, 9, 0, 27].flatMap((length) => framer.push(chunk(length)));
    const total = next - 1; // 172: 17 frames and 2 samples
    expect(frames).toHaveLength(17);
    for (const frame of frames) {
      expect(frame.samples).toBe(10);
      expect(frame.data.byteLength).toBe(20);
    }
    const last = framer.flush();
    expect(last?.samples).toBe(2);
    const all = [...frames, ...(last ? [last] : [])].flatMap((frame) => int16s(frame.data));
    expect(all).toEqual(
      Array.from({ length: total }, (_, i) => Math.round(((i + 1) / 1000) * 0x7fff)),
    );
    expect(framer.flush()).toBeNull();
  });

  it('reports each frame’s RMS and keeps the remainder for the next push', () => {
    const framer = new PcmFramer(40); // 4 samples a frame
    expect(framer.push(new Float32Array([0.5, -0.5, 0.5]))).toEqual([]);
    const [frame, ...rest] = framer.push(new Float32Array([-0.5, 0, 0]));
    expect(rest).toEqual([]);
    expect(frame?.rms).toBeCloseTo(0.5);
    expect(framer.flush()?.samples).toBe(2);
  });
});
