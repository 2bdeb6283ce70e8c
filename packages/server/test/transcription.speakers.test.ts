/**
 * Speaker labels through the public API and the real engine: a recording of two real speakers
 * (jfk, then the AMI meeting speaker) comes back with utterances and labelled words; the owner
 * names the speakers and the exports use the names; bad requests get clear errors.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceForSeconds } from '@parlance/contract/money';
import type { Transcript } from '@parlance/contract';
import type { TestServer } from './helpers.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  submit,
  waitForJob,
  type Customer,
} from './transcription-helpers.js';

let server: TestServer;
let alice: Customer;
let bob: Customer;
let twoVoices: string;
let job: Transcript;

beforeAll(async () => {
  server = await startTranscriptionServer();
  [alice, bob] = await Promise.all([customer(server, 500), customer(server, 500)]);
  twoVoices = join(await mkdtemp(join(tmpdir(), 'speakers-')), 'two-voices.wav');
  // jfk (11 s), a pause, then the AMI speaker ("I'm Abigail Claflin … you can call me Abbie").
  execFileSync('ffmpeg', [
    ...['-loglevel', 'error', '-y', '-i', fixture('jfk.wav')],
    ...['-i', fixture('ES2011a.Headset-0-40s-46s.wav'), '-filter_complex'],
    '[0]aresample=16000,apad=pad_dur=0.6[a];[1]aresample=16000[b];[a][b]concat=n=2:v=0:a=1',
    ...['-ac', '1', twoVoices],
  ]);
  const res = await submit(
    server,
    alice,
    { language: 'en', speaker_labels: 'true', speakers_expected: '2', timestamp_style: 'word' },
    twoVoices,
  );
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ speaker_labels: true, speakers_expected: 2, speaker_names: {} });
  job = await waitForJob(server, alice, res.body.id, 120_000);
}, 180_000);
afterAll(() => server?.close());

const speakersOf = (id: string) => `/v1/transcript/${id}/speakers`;

describe('speaker_labels=true', () => {
  it('labels every word, segment and turn: jfk is A, the meeting speaker B', () => {
    expect(job.status).toBe('completed');
    const result = job.result!;
    expect(result.utterances?.map((u) => u.speaker)).toEqual(['A', 'B']);
    const [first, second] = result.utterances!;
    expect(first!.text.toLowerCase()).toContain('ask not what your country');
    expect(second!.text.toLowerCase()).toContain('abigail');
    expect(second!.start).toBeGreaterThan(11);
    expect(result.words.every((w) => w.speaker === (w.start < 11.3 ? 'A' : 'B'))).toBe(true);
    expect(result.segments.every((s) => s.speaker === 'A' || s.speaker === 'B')).toBe(true);
    // Speaker labels cost nothing extra (the pricing page says so): the model's price per second.
    expect(job.costMicros).toBe(priceForSeconds('tiny.en', job.audio_duration!));
  });

  it('exports show "Speaker A" until the owner names the speakers, then the names', async () => {
    const get = (format: string) =>
      server.client().get(`/v1/transcript/${job.id}/${format}`, { headers: alice.auth });
    expect((await get('txt')).body).toMatch(/^Speaker A: And so.*\nSpeaker B: .*Abigail/s);

    const named = await server.client().put(
      speakersOf(job.id),
      { names: { A: ' John F. Kennedy ', B: 'Abbie <host>' } },
      {
        headers: alice.auth,
      },
    );
    expect(named.status).toBe(200);
    expect(named.body.speaker_names).toEqual({ A: 'John F. Kennedy', B: 'Abbie <host>' });

    expect((await get('txt')).body).toMatch(/^John F\. Kennedy: And so.*\nAbbie <host>: /s);
    const srt = (await get('srt')).body as string;
    expect(srt).toMatch(/^1\n00:00:0\d,\d{3} --> .*\nJohn F\. Kennedy: And so/);
    // Subtitle players read markup in cue text: a name's is taken out.
    expect(srt).toContain('Abbie  host : ');
    const vtt = (await get('vtt')).body as string;
    expect(vtt).toContain('<v John F. Kennedy>And so');
    // A voice tag cannot hold "<" or ">": they become spaces there.
    expect(vtt).toContain('<v Abbie  host >');

    // A blank name shows the label again; names are replaced as a whole.
    const cleared = await server
      .client()
      .put(speakersOf(job.id), { names: { B: '  ' } }, { headers: alice.auth });
    expect(cleared.body.speaker_names).toEqual({});
    expect((await get('txt')).body).toMatch(/^Speaker A: /);
  });

  it('refuses names for speakers the transcript has not, too long, or from another account', async () => {
    const put = (id: string, body: unknown, who = alice) =>
      server.client().put(speakersOf(id), body, { headers: who.auth });
    const unknown = await put(job.id, { names: { C: 'Carol' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_speaker' });
    expect((await put(job.id, { names: { a: 'x' } })).status).toBe(400);
    expect((await put(job.id, { names: { A: 'x'.repeat(41) } })).status).toBe(400);
    // A name cannot add lines (or cues) to a subtitle export.
    const injected = await put(job.id, {
      names: { A: 'Al\n\n9\n00:00:00,000 --> 00:00:09,000' },
    });
    expect(injected.status).toBe(400);
    expect(injected.body.message).toContain('cannot hold line breaks');
    const other = await put(job.id, { names: { A: 'Mallory' } }, bob);
    expect(other.status).toBe(404);
    expect(job.speaker_names).toEqual({});
  });

  it('a transcript made without speaker labels has none, and cannot have its speakers named', async () => {
    const plain = await submit(server, bob, {}, fixture('jfk.wav'));
    const done = await waitForJob(server, bob, plain.body.id);
    expect(done.speaker_labels).toBe(false);
    expect(done.result?.utterances).toBeUndefined();
    const res = await server
      .client()
      .put(speakersOf(done.id), { names: { A: 'x' } }, { headers: bob.auth });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'transcript_not_ready' });
  });

  it('diarize=true is the same request; speakers_expected needs it and is 1 to 10', async () => {
    const alias = await submit(server, bob, { diarize: 'true' }, fixture('LJ002-0020.wav'));
    expect(alias.status).toBe(202);
    expect(alias.body.speaker_labels).toBe(true);
    for (const [fields, message] of [
      [{ speakers_expected: '2' }, 'speakers_expected needs speaker_labels=true'],
      [{ speaker_labels: 'true', speakers_expected: '11' }, 'speakers_expected must be 1 to 10'],
      [{ speaker_labels: 'yes' }, 'must be true or false'],
    ] as const) {
      const res = await submit(server, bob, fields, fixture('LJ002-0020.wav'));
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });
});
