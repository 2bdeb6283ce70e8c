/** Journey 6: the playground uploads a file from the browser, shows progress, then the timed text. */
import { describe, expect, it } from 'vitest';
import { expectText, expectVisible, products, launchedPerFile } from './journey';
import { signedInContext } from './session';
import { jfkWav, reference, wordErrorRate } from './transcripts';

const browser = launchedPerFile();

describe.each(products)('playground on $backend', ({ url }) => {
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
});
