/** The supervised Python engine process: protocol, crash handling, restart, shutdown. */
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { ProcessSpeechEngine } from '../src/transcription/engine/processEngine.js';
import type { StreamEvent } from '../src/transcription/engine/protocol.js';
import {
  EngineRequestError,
  EngineUnavailableError,
  isCancelled,
  type EngineProgress,
} from '../src/transcription/engine/types.js';
import { repeatAudio } from './faults/audio.js';
import { customer, fixture, startTranscriptionServer, submit } from './transcription-helpers.js';

let restarts = 0;
const engine = new ProcessSpeechEngine({ onRestart: () => restarts++ });
afterAll(() => engine.close());

const opts = {
  model: 'tiny.en',
  language: null,
  detection: null,
  prompt: null,
  keyterms: null,
  task: 'transcribe' as const,
  wordTimestamps: false,
  beamSize: 5,
  speakerLabels: false,
  speakersExpected: null,
  maxSeconds: null,
};

describe('ProcessSpeechEngine', () => {
  it('probes, lists models, and transcribes with progress', async () => {
    expect((await engine.probe(fixture('jfk.mp3'))).duration).toBeCloseTo(11, 0);
    const { models, device, computeType } = await engine.models();
    expect(models.map((m) => m.name)).toContain('tiny.en');
    // Nothing here has a GPU: the engine says it runs on the CPU, in int8.
    expect({ device, computeType }).toEqual({ device: 'cpu', computeType: 'int8' });
    const progress: EngineProgress[] = [];
    const result = await engine.transcribe(fixture('LJ002-0035.wav'), opts, (p) =>
      progress.push(p),
    );
    expect(result.text.toLowerCase()).toContain('press yard');
    expect(result.words).toEqual([]);
    expect(progress.at(-1)).toEqual({ percent: 100, stage: 'transcribing' });
    // The CPU time its process used (what tells a busy engine from a stuck one): loading Python,
    // faster-whisper and a model and transcribing takes more than half a second of it.
    expect(await engine.cpuSeconds()).toBeGreaterThan(0.5);
    expect(await new ProcessSpeechEngine().cpuSeconds()).toBeNull(); // not started
  });

  it('streams live audio: partial phrases as it is heard, finals, then its length', async () => {
    const wav = await readFile(fixture('jfk.wav')); // 16 kHz mono s16le
    const pcm = wav.subarray(wav.indexOf('data') + 8);
    const events: StreamEvent[] = [];
    const stream = engine.openStream(
      { model: 'tiny.en', language: null, detection: null, keyterms: null },
      { sampleRate: 16_000, endOfTurnSilenceMs: null },
      (e) => events.push(e),
    );
    const tenth = 3200; // 100 ms of samples
    for (let at = 0; at < pcm.length; at += tenth) {
      await stream.audio(pcm.subarray(at, at + tenth));
      // Two seconds in, mid-phrase: the phrase so far arrives as a partial before any final.
      if (at === 19 * tenth)
        await expect.poll(() => events.length, { timeout: 30_000 }).toBeGreaterThan(0);
    }
    await stream.end();
    expect(await stream.result).toEqual({ seconds: 11, model: 'tiny.en' });
    expect(events[0]).toMatchObject({ type: 'partial', start: expect.any(Number) });
    const finals = events.filter((e) => e.type === 'final');
    const said = finals
      .map((f) => f.text)
      .join(' ')
      .toLowerCase()
      .replace(/[^a-z ]/g, '');
    // Sent as fast as it goes, the audio is cut into phrases where the engine happens to be: on a
    // loaded machine a cut can fall on a word ("ask" once came out "yes yes"); the rest must be there.
    for (const phrase of [
      'my fellow americans',
      'what your country can do for you',
      'for your country',
    ])
      expect(said).toContain(phrase);
    expect(finals.every((f) => f.words.length > 0 && f.language === 'en')).toBe(true);
    const late = await stream.audio(pcm.subarray(0, tenth)).catch((e: unknown) => e);
    expect(late).toMatchObject({ code: 'stream_not_found' });
  });

  it('reports engine errors per request without losing the process', async () => {
    const pid = engine.pid;
    const err = await engine.probe(fixture('transcripts.tsv')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineRequestError);
    expect(err).toMatchObject({ code: 'unsupported_audio' });
    await engine.ping();
    expect(engine.pid).toBe(pid);
  });

  it('transcribes at most maxSeconds of the decoded audio and says it stopped there', async () => {
    const cut = await engine.transcribe(
      fixture('jfk.wav'),
      { ...opts, maxSeconds: 5 },
      () => undefined,
    );
    expect(cut).toMatchObject({ truncated: true, duration: 5 });
    expect(cut.text).toMatch(/fellow/i);
    expect(cut.text).not.toMatch(/country/i);
    const whole = await engine.transcribe(
      fixture('jfk.wav'),
      { ...opts, maxSeconds: 60 },
      () => undefined,
    );
    expect(whole.truncated).toBe(false);
    expect(whole.duration).toBeCloseTo(11, 1);
  });

  it('cancels an aborted transcription in the engine, which stays up with its model', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engine-cancel-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const long = await repeatAudio(fixture('jfk.wav'), 6, join(dir, 'jfk-x6.wav'));
    const pid = engine.pid;
    const stop = new AbortController();
    const progress: number[] = [];
    const err = await engine
      .transcribe(
        long,
        opts,
        (p) => {
          progress.push(p.percent);
          if (p.percent > 0) stop.abort(); // it is transcribing: five more copies to go
        },
        stop.signal,
      )
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineRequestError);
    expect(isCancelled(err)).toBe(true);
    expect(progress).not.toContain(100);
    expect(engine.pid).toBe(pid);
    await expect(
      engine.transcribe(fixture('jfk.wav'), opts, () => undefined, AbortSignal.abort()),
    ).rejects.toMatchObject({ code: 'cancelled' });
    const next = await engine.transcribe(fixture('LJ002-0035.wav'), opts, () => undefined);
    expect(next.text.toLowerCase()).toContain('press yard');
    expect(engine.pid).toBe(pid);
  });

  it('fails the in-flight request when the process dies, then restarts', async () => {
    const pid = engine.pid;
    expect(pid).toBeDefined();
    const pending = engine.transcribe(fixture('jfk.wav'), opts, () => undefined);
    process.kill(pid as number, 'SIGKILL');
    const err = await pending.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineUnavailableError);
    expect((err as Error).message).toContain('signal SIGKILL');
    const again = await engine.transcribe(fixture('LJ002-0020.wav'), opts, () => undefined);
    expect(again.text).toMatch(/1813|eighteen/i);
    expect(engine.pid).not.toBe(pid);
    expect(restarts).toBe(1); // counted (parlance_engine_restarts_total)
  });

  it('says clearly when the engine cannot start, and refuses work after close()', async () => {
    const broken = new ProcessSpeechEngine({ python: '/nonexistent/python' });
    await expect(broken.probe(fixture('jfk.wav'))).rejects.toThrow(
      /could not start \/nonexistent\/python/,
    );
    await broken.close();
    await expect(broken.models()).rejects.toThrow('shut down');
  });
});

describe('ProcessSpeechEngine supervision (a stand-in process that stops answering pings)', () => {
  it('kills an idle engine that misses a ping and starts a fresh one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fake-python-'));
    const script = join(dir, 'python');
    await writeFile(
      script,
      `#!${process.execPath}
const rl = require('node:readline').createInterface({ input: process.stdin });
console.log('not json');
rl.on('line', (line) => {
  const req = JSON.parse(line);
  if (req.method === 'models') console.log(JSON.stringify({ id: req.id, result: { models: [], models_dir: '/m', device: 'cpu', compute_type: 'int8' } }));
});
`,
    );
    await chmod(script, 0o755);
    const logs: string[] = [];
    const hung = new ProcessSpeechEngine({
      python: script,
      healthIntervalMs: 200,
      pingTimeoutMs: 300,
      log: (msg) => logs.push(msg),
    });
    try {
      expect((await hung.models()).models).toEqual([]);
      const first = hung.pid;
      await expect
        .poll(() => hung.pid !== undefined && hung.pid !== first, { timeout: 5000 })
        .toBe(true);
      expect(logs.some((l) => l.includes('did not answer a ping'))).toBe(true);
      expect(logs.some((l) => l.includes('non-JSON line: not json'))).toBe(true);
      expect((await hung.models()).models).toEqual([]); // the fresh process serves requests
    } finally {
      await hung.close();
    }
  });
});

describe('the API without a working engine', () => {
  it('answers 503 engine_unavailable with Retry-After, not a 500', async () => {
    const server = await startTranscriptionServer({ ENGINE_PYTHON: '/nonexistent/python' });
    try {
      const who = await customer(server, 100);
      const res = await submit(server, who, {}, fixture('jfk.wav'));
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('engine_unavailable');
      expect(res.headers.get('retry-after')).toBe('30');
      expect((await server.client().get('/v1/models', { headers: who.auth })).status).toBe(503);
    } finally {
      await server.close();
    }
  });
});
