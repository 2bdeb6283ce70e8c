/**
 * Journey 6: the playground uploads a file from the browser (resumably), shows progress, then the
 * timed text; an upload whose connection drops goes on from what the server kept.
 *
 * `UPLOAD_E2E_GB=2 npx vitest run --project e2e packages/app/e2e/playground.e2e.ts` runs the drop
 * on a generated file of that many GB (jfk's speech, then silence; 48 kHz stereo float WAV, not
 * committed) instead of jfk.wav.
 */
import { open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectText, expectVisible, productOn, launchedPerFile } from './journey';
import { signedInContext } from './session';
import { jfkWav, reference, wordErrorRate } from './transcripts';

const browser = launchedPerFile();

const { url, backend } = productOn('pglite');

describe(`playground on ${backend}`, () => {
  it('uploads jfk.wav, shows the job progressing and reads the timestamped transcript', async () => {
    const { context } = await signedInContext(browser(), url, 'playground');
    const page = await context.newPage();
    await page.goto('/dashboard/playground');

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: /Audio or video file/ }).click(),
    ]);
    await chooser.setFiles(jfkWav);
    await expectVisible(page.getByText('jfk.wav', { exact: true }));
    const transcribe = page.getByRole('button', { name: 'Transcribe', exact: true });
    await expect.poll(() => transcribe.isEnabled(), { timeout: 20_000 }).toBe(true);
    await transcribe.click();

    await expectVisible(page.getByRole('progressbar', { name: 'Transcription progress' }));
    const transcript = page.getByLabel('Transcript text');
    await expectVisible(transcript);
    await expectText(page.getByText('Completed', { exact: true }), 'Completed');

    const segments = await transcript.getByRole('button').allInnerTexts();
    expect(segments.length).toBeGreaterThan(0);
    const stamps = segments.map((segment) => /^\[(\d\d):(\d\d)\]/.exec(segment.trim()));
    expect(stamps.every(Boolean), segments.join('\n')).toBe(true);
    const seconds = stamps.map((stamp) => Number(stamp?.[1]) * 60 + Number(stamp?.[2]));
    expect(seconds[0]).toBe(0);
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    expect(Math.max(...seconds)).toBeLessThanOrEqual(11);
    const text = segments.map((segment) => segment.replace(/^\s*\[\d\d:\d\d\]\s*/, '')).join(' ');
    expect(wordErrorRate(await reference('jfk'), text)).toBeLessThan(0.2);

    // Its page plays the uploaded audio from the server (Range requests), and a line seeks it.
    await page.goto('/dashboard/history');
    await page.getByRole('link', { name: 'jfk.wav' }).first().click();
    const audio = page.getByLabel('Audio', { exact: true });
    const played = () => audio.evaluate((player: HTMLAudioElement) => player.duration);
    await expect.poll(played, { timeout: 20_000 }).toBeCloseTo(11, 0);
    const last = page.getByLabel('Transcript text').getByRole('button').last();
    await last.click();
    await expect.poll(() => last.getAttribute('aria-current')).toBe('true');
    const position = await audio.evaluate((player: HTMLAudioElement) => player.currentTime);
    expect(position).toBeGreaterThanOrEqual(Number(seconds.at(-1)));
    await context.close();
  });

  it('an upload whose connection drops mid-way resumes from what the server kept', async () => {
    const file = process.env.UPLOAD_E2E_GB
      ? await largeWav(Number(process.env.UPLOAD_E2E_GB) * 1024 ** 3)
      : jfkWav;
    const { context } = await signedInContext(browser(), url, 'playground');
    const page = await context.newPage();
    // The first PATCH reaches the server with half its bytes; the browser sees the connection
    // reset, as when a network drops mid-request. The question where to go on from (HEAD) takes
    // a second, so the page's notice stays long enough to be read.
    let cut = 0;
    await page.route('**/v1/uploads/*', async (route) => {
      const request = route.request();
      if (request.method() === 'HEAD') {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return route.continue();
      }
      if (cut > 0 || request.method() !== 'PATCH') return route.continue();
      const body = request.postDataBuffer() ?? Buffer.alloc(0);
      cut = Math.floor(body.length / 2);
      await route.fetch({ postData: body.subarray(0, cut) });
      await route.abort('connectionreset');
    });
    const offsets: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'HEAD' && response.url().includes('/v1/uploads/'))
        offsets.push(Number(response.headers()['upload-offset']));
    });
    await page.goto('/dashboard/playground');
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: /Audio or video file/ }).click(),
    ]);
    await chooser.setFiles(file);
    const transcribe = page.getByRole('button', { name: 'Transcribe', exact: true });
    await expect.poll(() => transcribe.isEnabled(), { timeout: 20_000 }).toBe(true);
    await transcribe.click();

    await expectVisible(page.getByText('Connection lost', { exact: true }));
    const transcript = page.getByLabel('Transcript text');
    if (file === jfkWav) await expectVisible(transcript);
    // Gigabytes take minutes to send and to decode on 2 cores.
    else await transcript.waitFor({ state: 'visible', timeout: 20 * 60_000 });
    // The resumed upload asked where to go on from: the half that arrived, not 0.
    expect(cut).toBeGreaterThan(0);
    expect(offsets[0]).toBe(cut);
    const text = (await transcript.innerText()).replace(/\[\d\d:\d\d\]/g, ' ');
    expect(wordErrorRate(await reference('jfk'), text)).toBeLessThan(0.2);
    await context.close();
    if (file !== jfkWav) await rm(file, { force: true });
  });
});

/**
 * A WAV file of `bytes` (48 kHz, stereo, 32-bit float): jfk's speech, then silence. Written in
 * pieces, so its size costs disk, not memory.
 */
async function largeWav(bytes: number): Promise<string> {
  const path = join(tmpdir(), `parlance-upload-${bytes}.wav`);
  const speech = await readFile(jfkWav);
  // jfk.wav: 16 kHz mono 16-bit PCM in its `data` chunk.
  const data = speech.indexOf('data') + 8;
  const samples = speech.readUInt32LE(data - 4) >> 1;
  const pcm = Array.from({ length: samples }, (_, i) => speech.readInt16LE(data + i * 2));
  const frames = Math.floor((bytes - 44) / 8);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + frames * 8, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(3, 20); // IEEE float
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(48_000, 24);
  header.writeUInt32LE(48_000 * 8, 28);
  header.writeUInt16LE(8, 32);
  header.writeUInt16LE(32, 34);
  header.write('data', 36);
  header.writeUInt32LE(frames * 8, 40);
  const handle = await open(path, 'w');
  try {
    await handle.write(header);
    const speechFrames = Buffer.alloc(pcm.length * 3 * 8);
    for (let i = 0; i < pcm.length * 3; i++) {
      const sample = (pcm[Math.floor(i / 3)] ?? 0) / 32768;
      speechFrames.writeFloatLE(sample, i * 8);
      speechFrames.writeFloatLE(sample, i * 8 + 4);
    }
    await handle.write(speechFrames);
    const silence = Buffer.alloc(64 * 1024 * 1024);
    for (let left = (frames - pcm.length * 3) * 8; left > 0; left -= silence.length)
      await handle.write(silence, 0, Math.min(left, silence.length));
  } finally {
    await handle.close();
  }
  return path;
}
