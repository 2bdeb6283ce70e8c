/**
 * Audio for the fault and probe tests and `npm run bench:faults`: long speech made from the
 * fixtures (so a kill lands mid-transcription), a Matroska file whose header lies about its
 * length, and FLAC that states no length (only decoding counts it).
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** `copies` of `source` back to back (sox), written to `out`. */
export async function repeatAudio(source: string, copies: number, out: string): Promise<string> {
  await run('sox', [...Array<string>(copies).fill(source), out]);
  return out;
}

/** The duration ffprobe reads from the container (the header), in seconds. */
export async function headerSeconds(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    path,
  ]);
  return Number(stdout.trim());
}

/** Seconds of audio that decoding the whole file actually yields (ffmpeg, every packet). */
export async function decodedSeconds(path: string): Promise<number> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-nostats',
      '-i',
      path,
      '-map',
      '0:a:0',
      '-f',
      'null',
      '-progress',
      'pipe:1',
      '-',
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const times = [...stdout.matchAll(/^out_time_us=(\d+)$/gm)].map((m) => Number(m[1]));
  if (times.length === 0) throw new Error(`ffmpeg reported no progress for ${path}`);
  return Math.max(...times) / 1e6;
}

// EBML (Matroska) element ids, with their length marker bits, as they appear in the file.
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TAGS = 0x1254c367;
const TAG = 0x7373;
const SIMPLE_TAG = 0x67c8;
const TAG_NAME = 0x45a3;
const TAG_STRING = 0x4487;

interface Element {
  id: number;
  /** Where the element's data starts and ends. */
  start: number;
  end: number;
}

/** A variable-length EBML integer at `pos`: its length in bytes and its value (marker removed for sizes). */
function vint(buf: Buffer, pos: number, keepMarker: boolean): { length: number; value: number } {
  const first = buf[pos] ?? 0;
  const length = Math.clz32(first) - 23;
  if (length < 1 || length > 8) throw new Error(`bad EBML length byte at ${pos}`);
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (buf[pos + i] ?? 0);
  return { length, value };
}

/** The child elements between `start` and `end`. An unknown size runs to `end`. */
function* children(buf: Buffer, start: number, end: number): Generator<Element> {
  let pos = start;
  while (pos < end) {
    const id = vint(buf, pos, true);
    const size = vint(buf, pos + id.length, false);
    const dataStart = pos + id.length + size.length;
    const unknown = size.value === 2 ** (7 * size.length) - 1;
    const dataEnd = unknown ? end : Math.min(end, dataStart + size.value);
    yield { id: id.value, start: dataStart, end: dataEnd };
    pos = dataEnd;
  }
}

const child = (buf: Buffer, parent: Element, id: number) =>
  [...children(buf, parent.start, parent.end)].find((e) => e.id === id);

/** HH:MM:SS.nnnnnnnnn, as Matroska's DURATION tag writes it. */
function tagDuration(seconds: number): string {
  const whole = Math.floor(seconds);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const nanos = Math.round((seconds - whole) * 1e9);
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}.${pad(nanos, 9)}`;
}

/**
 * A WebM (Matroska) Opus file holding `seconds` of `source` looped, whose Segment Info
 * Duration (and per-track DURATION tags, so no metadata tells the truth) claims
 * `claimedSeconds`: what a client would send to be charged for minutes while getting hours.
 */
export async function spoofedDurationFile(
  source: string,
  out: string,
  { seconds = 600, claimedSeconds = 2 } = {},
): Promise<string> {
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    source,
    '-t',
    String(seconds),
    '-ac',
    '1',
    '-c:a',
    'libopus',
    '-b:a',
    '12k',
    '-f',
    'webm',
    out,
  ]);
  const buf = await readFile(out);
  const segment = [...children(buf, 0, buf.length)].find((e) => e.id === SEGMENT);
  if (!segment) throw new Error(`${out}: no Matroska Segment`);
  const info = child(buf, segment, INFO);
  const duration = info && child(buf, info, DURATION);
  if (!info || !duration) throw new Error(`${out}: no Segment Info Duration to patch`);
  const scale = child(buf, info, TIMESTAMP_SCALE);
  const nanosPerTick = scale ? buf.readUIntBE(scale.start, scale.end - scale.start) : 1_000_000;
  const ticks = (claimedSeconds * 1e9) / nanosPerTick;
  if (duration.end - duration.start === 8) buf.writeDoubleBE(ticks, duration.start);
  else buf.writeFloatBE(ticks, duration.start);

  const tags = child(buf, segment, TAGS);
  for (const tag of tags ? children(buf, tags.start, tags.end) : []) {
    if (tag.id !== TAG) continue;
    for (const simple of children(buf, tag.start, tag.end)) {
      if (simple.id !== SIMPLE_TAG) continue;
      const name = child(buf, simple, TAG_NAME);
      const value = child(buf, simple, TAG_STRING);
      if (!name || !value || buf.toString('utf8', name.start, name.end) !== 'DURATION') continue;
      // Same length as what it replaces, so no element size changes.
      const claimed = tagDuration(claimedSeconds).padEnd(value.end - value.start, '\0');
      buf.write(claimed.slice(0, value.end - value.start), value.start, 'utf8');
    }
  }
  await writeFile(out, buf);
  return out;
}

const CRC16 = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let i = 0; i < 8; i++) c = c & 0x8000 ? ((c << 1) ^ 0x8005) & 0xffff : (c << 1) & 0xffff;
  return c;
});
const crc8 = (bytes: number[]) =>
  bytes.reduce((crc, byte) => {
    let c = crc ^ byte;
    for (let i = 0; i < 8; i++) c = c & 0x80 ? ((c << 1) ^ 0x07) & 0xff : (c << 1) & 0xff;
    return c;
  }, 0);
const crc16 = (bytes: number[]) =>
  bytes.reduce((c, byte) => ((c << 8) & 0xffff) ^ (CRC16[(c >> 8) ^ byte] ?? 0), 0);

/** FLAC's UTF-8-like coding of a frame number (up to 2^21 frames is plenty here). */
function frameNumber(n: number): number[] {
  if (n < 0x80) return [n];
  if (n < 0x800) return [0xc0 | (n >> 6), 0x80 | (n & 63)];
  if (n < 0x10000) return [0xe0 | (n >> 12), 0x80 | ((n >> 6) & 63), 0x80 | (n & 63)];
  return [0xf0 | (n >> 18), 0x80 | ((n >> 12) & 63), 0x80 | ((n >> 6) & 63), 0x80 | (n & 63)];
}

/**
 * A valid FLAC stream of `seconds` of silence that states no length anywhere (total samples 0,
 * as an encoder writing to a pipe leaves it), so only its frames tell how long it is. Each frame
 * is 15 bytes for 65535 samples, so hours fit in a few MB; at 655350 Hz, decoding and resampling
 * it takes the engine several seconds per hour of audio. The engine measures such a file by its
 * frames' numbers (timestamps) without decoding it; with `timestamps: false` every frame says it
 * is the first, so only decoding measures it.
 */
export async function writeUnstatedFlac(
  path: string,
  sampleRate: number,
  seconds: number,
  { timestamps = true } = {},
) {
  const block = 65535;
  const info = Buffer.alloc(38);
  info.writeUInt32BE((0x80000000 | 34) >>> 0, 0); // last metadata block: STREAMINFO, 34 bytes
  info.writeUInt16BE(block, 4);
  info.writeUInt16BE(block, 6);
  info[14] = sampleRate >> 12;
  info[15] = (sampleRate >> 4) & 0xff;
  info[16] = (sampleRate & 15) << 4; // then mono, and the top bit of 16 bits per sample - 1
  info[17] = 0xf0; // 16 bits per sample; total samples (36 bits) unknown: 0
  const frames: Buffer[] = [Buffer.from('fLaC'), info];
  for (let n = 0; n < Math.ceil((seconds * sampleRate) / block); n++) {
    // Sync, fixed block size; block size and rate "see below"/STREAMINFO; mono, 16 bit.
    const header = [
      0xff,
      0xf8,
      0x70,
      0x08,
      ...frameNumber(timestamps ? n : 0),
      (block - 1) >> 8,
      (block - 1) & 0xff,
    ];
    const frame = [...header, crc8(header), 0x00, 0x00, 0x00]; // one CONSTANT subframe of 0
    const crc = crc16(frame);
    frames.push(Buffer.from([...frame, crc >> 8, crc & 0xff]));
  }
  await writeFile(path, Buffer.concat(frames));
  return path;
}
