/** The live streams' resampler: speech-band tones pass at 16 kHz, what 16 kHz cannot hold does not fold back. */
import { describe, expect, it } from 'vitest';
import { PcmResampler } from '../src/transcription/realtime/resample.js';

const tone = (hz: number, rate: number, seconds: number, amplitude = 10_000): Buffer => {
  const pcm = Buffer.alloc(Math.round(rate * seconds) * 2);
  for (let i = 0; i < pcm.length / 2; i++)
    pcm.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate)), i * 2);
  return pcm;
};

/** RMS of the middle of `pcm` (away from the filter's start and end). */
const rms = (pcm: Buffer): number => {
  const n = pcm.length / 2;
  let sum = 0;
  let count = 0;
  for (let i = Math.floor(n / 4); i < Math.floor((3 * n) / 4); i++) {
    sum += pcm.readInt16LE(i * 2) ** 2;
    count += 1;
  }
  return Math.sqrt(sum / count);
};

/** Feeds `pcm` in uneven frames, some splitting a sample, as a network would deliver it. */
const resample = (pcm: Buffer, rate: number): { out: Buffer; seconds: number } => {
  const resampler = new PcmResampler(rate);
  const parts: Buffer[] = [];
  for (let at = 0, size = 777; at < pcm.length; at += size, size = size === 777 ? 4096 : 777)
    parts.push(resampler.push(pcm.subarray(at, at + size)));
  parts.push(resampler.flush());
  return { out: Buffer.concat(parts), seconds: resampler.receivedSeconds };
};

describe('PcmResampler', () => {
  it.each([48_000, 44_100, 22_050, 8_000])(
    'keeps a 440 Hz tone from %i Hz, at 16 kHz length',
    (rate) => {
      const { out, seconds } = resample(tone(440, rate, 1), rate);
      expect(seconds).toBe(1);
      expect(Math.abs(out.length / 2 - 16_000)).toBeLessThanOrEqual(1);
      const expected = rms(tone(440, 16_000, 1));
      expect(Math.abs(rms(out) - expected) / expected).toBeLessThan(0.02);
    },
  );

  it('removes a 12 kHz tone from 48 kHz audio instead of folding it to 4 kHz', () => {
    const { out } = resample(tone(12_000, 48_000, 1), 48_000);
    expect(rms(out)).toBeLessThan(0.01 * rms(tone(12_000, 48_000, 1)));
  });

  it('passes 16 kHz audio through unchanged, whatever the frames', () => {
    const input = tone(300, 16_000, 0.5);
    const { out, seconds } = resample(input, 16_000);
    expect(out.equals(input)).toBe(true);
    expect(seconds).toBe(0.5);
  });
});
