/** The media type stored audio is served under, told by its first bytes. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { audioType } from '../src/transcription/audioType.js';
import { byteRange } from '../src/http/byteRange.js';
import { fixture } from './transcription-helpers.js';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(
    values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))),
  );

describe('audioType', () => {
  it('tells the fixtures apart by content', async () => {
    expect(audioType(await readFile(fixture('jfk.wav')))).toBe('audio/wav');
    expect(audioType(await readFile(fixture('jfk.mp3')))).toBe('audio/mpeg');
  });

  it('knows the containers the engine decodes, and nothing else', () => {
    expect(audioType(bytes('fLaC', 0, 0, 0, 34))).toBe('audio/flac');
    expect(audioType(bytes('OggS', 0, 2))).toBe('audio/ogg');
    expect(audioType(bytes(0, 0, 0, 32, 'ftypM4A '))).toBe('audio/mp4');
    expect(audioType(bytes(0x1a, 0x45, 0xdf, 0xa3, 0x9f))).toBe('audio/webm');
    expect(audioType(bytes('#!AMR\n'))).toBe('audio/amr');
    expect(audioType(bytes('FORM', 0, 0, 0, 0, 'AIFF'))).toBe('audio/aiff');
    // A frame sync: MPEG layer III names its layer, ADTS (AAC) leaves those bits 0.
    expect(audioType(bytes(0xff, 0xfb, 0x90))).toBe('audio/mpeg');
    expect(audioType(bytes(0xff, 0xf1, 0x50))).toBe('audio/aac');
    expect(audioType(bytes('RIFF', 0, 0, 0, 0, 'AVI '))).toBe('application/octet-stream');
    expect(audioType(bytes('<html><script>'))).toBe('application/octet-stream');
    expect(audioType(new Uint8Array(0))).toBe('application/octet-stream');
  });
});

describe('byteRange', () => {
  it('reads the forms of RFC 9110 and answers the rest in full', () => {
    expect(byteRange(undefined, 100)).toBeUndefined();
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable');
    for (const whole of ['bytes=0-1,4-5', 'bytes=9-1', 'items=0-1', 'bytes=-', 'bytes=a-b'])
      expect(byteRange(whole, 100)).toBeUndefined();
  });
});
