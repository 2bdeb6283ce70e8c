/**
 * `npm run bench:asr -w @parlance/server`, in two parts (test/fixtures/PROVENANCE.md).
 *
 * Accuracy: the published evaluation set (test/fixtures/eval), each language group on the model
 * a request naming none gets for it, scored as the set's README says (engine/scripts/score.py):
 * the home page's figures (measured.ts), which test/asr-eval.test.ts holds to this measurement.
 * Then its English on the multilingual default with the language detected, as Whisper chooses it
 * and with `expected_languages: ["en"]`: recordings heard in another language, and their WER (it
 * fails if any stays in another language with English expected).
 *
 * Speed, on the development set (the clips the engine was built and tuned on) with BENCH_MODEL:
 * the real-time factor of the engine called directly, and the end-to-end API time relative to
 * that direct call, both by submitting and long-polling (`GET ?wait=`) and by the synchronous
 * OpenAI-compatible endpoint — all warmed up, in the same run, on the same files. Each clip's
 * three timings are taken in turn, BENCH_REPEATS times (default 15), and their medians compared,
 * so that the machine's drift and noise fall on all three alike.
 *
 * Throughput: BENCH_UPLOADS (default 8) uploads of the clips sent at once, timed to the last
 * one's completion, printed as jobs per minute and audio seconds per wall second against the same
 * clips' jobs run one at a time (their API times above).
 *
 * BENCH_LONG_MINUTES=120 adds a long recording (the clips looped, built by the engine's
 * bench_long.py) that goes through the same upload, queue and worker path. It has no reference,
 * so no WER. The engine process's peak resident memory on each path is printed, and that of the
 * API's whole process tree (Node with its probe and transcription engines).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  defaultEnginePython,
  ProcessSpeechEngine,
} from '../src/transcription/engine/processEngine.js';
import {
  benchOptions,
  developmentSet,
  measureDetection,
  measureEvaluation,
  measureSet,
  summarise,
  transcribeTimed,
  type Transcribed,
} from '../test/asr-sets.js';
import {
  customer,
  startTranscriptionServer,
  submit,
  waitForJob,
} from '../test/transcription-helpers.js';
import { median, processes, sampleTreePeak } from './stats.js';

const MODEL = process.env.BENCH_MODEL ?? 'tiny.en';
const LONG_MINUTES = Number(process.env.BENCH_LONG_MINUTES ?? 0);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 8);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 15);
if (!Number.isInteger(REPEATS) || REPEATS < 1) throw new Error('BENCH_REPEATS must be 1 or more');
const WORKER_CONCURRENCY = '1';
/** The multilingual default: what English gets when its language is left to detection. */
const DETECTION_MODEL = 'base';

interface Row extends Transcribed {
  clip: string;
  path: string;
  api?: { ms: number; text: string };
  /** The synchronous OpenAI-compatible call, which answers when the worker finishes. */
  sync?: { ms: number };
}

/** Peak resident memory (VmHWM) in MiB of a live process. */
async function peakMiB(pid: number | undefined): Promise<number> {
  if (pid === undefined) return NaN;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmHWM:\s+(\d+)/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

/** The speech engine processes this process started (the direct one's and the server's). */
async function engineChildren(): Promise<number[]> {
  const pids: number[] = [];
  for (const { pid } of processes().filter(({ ppid }) => ppid === process.pid)) {
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes('parlance_engine')) pids.push(pid);
  }
  return pids;
}

async function main(): Promise<void> {
  const development = await developmentSet();
  const first = development[0]?.path ?? '';
  const tmp = await mkdtemp(join(tmpdir(), 'bench-asr-'));

  const engine = new ProcessSpeechEngine();
  const evaluation = await measureEvaluation(engine);
  const detection = await measureDetection(engine, DETECTION_MODEL);
  await transcribeTimed(engine, first, benchOptions(MODEL)); // load the model
  const developed = await measureSet(engine, development, benchOptions(MODEL));
  const long: Row[] = [];
  if (LONG_MINUTES > 0) {
    const path = join(tmp, `long-${LONG_MINUTES}m.ogg`);
    const script = fileURLToPath(new URL('../../engine/scripts/bench_long.py', import.meta.url));
    execFileSync(defaultEnginePython, [script, 'build', String(LONG_MINUTES), path]);
    long.push({
      clip: `${LONG_MINUTES}-min`,
      path,
      ...(await transcribeTimed(engine, path, benchOptions(MODEL))),
    });
  }
  let directPeak = NaN;
  let apiPeak = NaN;

  const rows: Row[] = [...developed, ...long];
  const server = await startTranscriptionServer({
    LOG_LEVEL: 'silent',
    QUEUE_POLL_SECONDS: '0.5',
    WORKER_CONCURRENCY,
  });
  let throughput: { alone: number; wall: number; audio: number } | undefined;
  // The API's tree: this process and the server's engines, not the direct path's engine.
  const tree = sampleTreePeak(() => [engine.pid]);
  let treePeak = '';
  try {
    const who = await customer(server, 10_000);
    const warm = await submit(server, who, { model: MODEL }, first);
    await waitForJob(server, who, warm.body.id);
    const viaApi = async (row: Row) => {
      const t0 = performance.now();
      const res = await submit(server, who, { model: MODEL, timestamp_style: 'segment' }, row.path);
      // Allow real time for the job: far more than it needs, at any length.
      const job = await waitForJob(server, who, res.body.id, Math.max(60_000, row.seconds * 1000));
      return { ms: performance.now() - t0, text: job.result?.text ?? '' };
    };
    const viaSync = async (row: Row) => {
      const form = new FormData();
      form.append('model', MODEL);
      form.append('file', new Blob([await readFile(row.path)]), 'clip.wav');
      const t1 = performance.now();
      const sync = await fetch(`${server.url}/v1/audio/transcriptions`, {
        method: 'POST',
        headers: who.auth,
        body: form,
      });
      if (!sync.ok) throw new Error(`sync call: ${sync.status} ${await sync.text()}`);
      await sync.json();
      return performance.now() - t1;
    };
    for (const row of rows) {
      if (row.seconds > 600) {
        row.api = await viaApi(row); // the long recording: once, one path
        continue;
      }
      const direct: number[] = [];
      const api: number[] = [];
      const sync: number[] = [];
      let text = '';
      for (let i = 0; i < REPEATS; i += 1) {
        direct.push((await transcribeTimed(engine, row.path, benchOptions(MODEL))).ms);
        const viaQueue = await viaApi(row);
        api.push(viaQueue.ms);
        text = viaQueue.text;
        sync.push(await viaSync(row));
      }
      row.ms = median(direct);
      row.api = { ms: median(api), text };
      row.sync = { ms: median(sync) };
    }
    const short = rows.filter((row) => row.seconds <= 600);
    const batch = Array.from({ length: UPLOADS }, (_, i) => short[i % short.length]!);
    const t2 = performance.now();
    await Promise.all(
      batch.map(async (row) => {
        const res = await submit(server, who, { model: MODEL }, row.path);
        if (res.status !== 202)
          throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
        const job = await waitForJob(server, who, res.body.id, 600_000);
        if (job.status !== 'completed') throw new Error(`job ${job.id}: ${job.error}`);
      }),
    );
    throughput = {
      wall: (performance.now() - t2) / 1000,
      alone: batch.reduce((sum, row) => sum + (row.api?.ms ?? NaN), 0) / 1000,
      audio: batch.reduce((sum, row) => sum + row.seconds, 0),
    };
    directPeak = await peakMiB(engine.pid);
    const serverEngines = (await engineChildren()).filter((pid) => pid !== engine.pid);
    apiPeak = Math.max(...(await Promise.all(serverEngines.map(peakMiB))));
    treePeak = tree.stop();
  } finally {
    tree.stop();
    await server.close();
    await engine.close();
    await rm(tmp, { recursive: true, force: true });
  }

  const fmt = (n: number, d = 2) => n.toFixed(d).padStart(8);
  const percent = (n: number) => `${n.toFixed(1)}%`;
  const line = (label: string, group: Row[], wer: string) => {
    const audio = group.reduce((s, r) => s + r.seconds, 0);
    const direct = group.reduce((s, r) => s + r.ms, 0);
    const api = group.reduce((s, r) => s + (r.api?.ms ?? NaN), 0);
    const sync = group.reduce((s, r) => s + (r.sync?.ms ?? NaN), 0);
    console.log(
      `${label.padEnd(28)}${fmt(audio, 1)}${wer.padStart(8)}${fmt(direct / 1000 / audio, 3)}${fmt(direct / 1000).padStart(9)}${fmt(api / 1000)}${fmt(api / direct)}${fmt(sync / 1000).padStart(9)}${fmt(sync / direct).padStart(9)}${fmt((sync - direct) / 1000 / group.length).padStart(9)}`,
    );
  };
  console.log(`model ${MODEL}`);
  console.log(
    `${'clip'.padEnd(28)}${'audio s'.padStart(8)}${'WER'.padStart(8)}${'RTF'.padStart(8)}${'engine s'.padStart(9)}${'API s'.padStart(8)}${'API/eng'.padStart(8)}${'sync s'.padStart(9)}${'sync/eng'.padStart(9)}${'added s'.padStart(9)}`,
  );
  console.log(
    `  medians of ${REPEATS} runs each, taken in turn (the long recording: one run); API: POST /v1/transcript, then GET ?wait= (answers when the job finishes); sync: POST /v1/audio/transcriptions (likewise); added: sync minus engine, per clip`,
  );
  const rate = (errors: number, units: number) => percent((100 * errors) / units);
  const dev = summarise(developed);
  console.log(`-- development set (jfk and two LJ Speech clips; built and tuned on these)`);
  for (const r of developed) line(r.clip, [r], rate(r.score.errors, r.score.units));
  line('development total', developed, rate(dev.errors, dev.units));
  for (const r of long) line(r.clip, [r], '-');
  console.log(
    '-- published evaluation set (test/fixtures/eval; measured, never tuned on): measured.ts',
  );
  for (const g of evaluation) {
    console.log(
      `${g.group.padEnd(30)} ${g.model.padEnd(8)} ${String(g.clips).padStart(3)} clips ${g.seconds.toFixed(1).padStart(6)} s ${String(g.units).padStart(5)} ${g.metric === 'CER' ? 'chars' : 'words'} ${String(g.errors).padStart(4)} errors  ${g.metric} ${rate(g.errors, g.units)}`,
    );
    for (const r of g.rows)
      console.log(`    ${r.clip}: ${r.score.errors}/${r.score.units} "${r.text.trim()}"`);
  }
  const english = evaluation.filter((g) => g.language === 'en');
  const sum = (key: 'errors' | 'units') => english.reduce((n, g) => n + g[key], 0);
  console.log(`English, all: WER ${rate(sum('errors'), sum('units'))} on ${sum('units')} words`);
  console.log(
    `measured.ts accuracy.groups: ${JSON.stringify(evaluation.map(({ rows: _rows, ...g }) => g))}`,
  );
  console.log(
    `-- English with the language detected, on ${DETECTION_MODEL} (evaluation set; expected_languages narrows detection)`,
  );
  for (const d of detection) {
    console.log(
      `${d.group.padEnd(30)} ${d.narrowed.padEnd(26)} ${String(d.otherLanguage).padStart(2)} of ${d.clips} clips in another language  WER ${rate(d.errors, d.units)} on ${d.units} words`,
    );
  }
  if (throughput) {
    const { alone, wall, audio } = throughput;
    const perMinute = (seconds: number) => ((UPLOADS / seconds) * 60).toFixed(1);
    console.log(
      `throughput, WORKER_CONCURRENCY=${WORKER_CONCURRENCY}: ${UPLOADS} uploads at once done in ${wall.toFixed(2)} s = ${perMinute(wall)} jobs/min, ${(audio / wall).toFixed(2)} audio s per wall s; one at a time ${perMinute(alone)} jobs/min, ${(audio / alone).toFixed(2)} audio s per wall s; ratio ${(alone / wall).toFixed(2)}`,
    );
  }
  console.log(
    `engine peak RSS: direct ${directPeak.toFixed(0)} MiB, behind the API ${apiPeak.toFixed(0)} MiB; peak resident memory of the API process tree: ${treePeak}`,
  );
  // The transcription README's promise: with expected_languages ["en"], English stays English.
  const strayed = detection.filter((d) => d.narrowed !== 'none' && d.otherLanguage > 0);
  if (strayed.length > 0) {
    console.error(
      `expected_languages ["en"] left English in another language: ${JSON.stringify(strayed)}`,
    );
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
