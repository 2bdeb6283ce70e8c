/**
 * `npm run bench:asr -w @parlance/server`: for every clip in test/fixtures/transcripts.tsv,
 * the word error rate (Whisper-style normaliser of the engine), the real-time factor of the
 * engine called directly, and the end-to-end API time (submit + poll) relative to that direct
 * call — both warmed up, in the same run, on the same files.
 *
 * BENCH_LONG_MINUTES=120 adds a long recording (the clips looped, built by the engine's
 * bench_long.py) that goes through the same upload, queue and worker path, and prints the
 * engine process's peak resident memory on each path. It has no reference, so no WER.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  defaultEnginePython,
  ProcessSpeechEngine,
} from '../src/transcription/engine/process-engine.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  submit,
  waitForJob,
} from '../test/transcription-helpers.js';

const MODEL = process.env.BENCH_MODEL ?? 'tiny.en';
const LONG_MINUTES = Number(process.env.BENCH_LONG_MINUTES ?? 0);

interface Row {
  clip: string;
  path: string;
  seconds: number;
  reference: string | null;
  direct: { ms: number; text: string };
  api?: { ms: number; text: string };
}

/** WER per (reference, hypothesis) pair, by the engine's own normaliser (number words, punctuation). */
function werOf(pairs: [string, string][]): number[] {
  const code =
    'import sys,json\nfrom parlance_engine.textnorm import wer\nprint(json.dumps([wer(r,h) for r,h in json.load(sys.stdin)]))';
  return JSON.parse(
    execFileSync(defaultEnginePython, ['-c', code], { input: JSON.stringify(pairs) }).toString(),
  ) as number[];
}

/** Peak resident memory (VmHWM) in MiB of a live process. */
async function peakMiB(pid: number | undefined): Promise<number> {
  if (pid === undefined) return NaN;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmHWM:\s+(\d+)/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

/** The speech engine processes this process started (the server's, once the direct one is closed). */
async function engineChildren(): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const cmd = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    if (ppid === process.pid && cmd.includes('parlance_engine')) pids.push(Number(name));
  }
  return pids;
}

async function main(): Promise<void> {
  const tsv = await readFile(fixture('transcripts.tsv'), 'utf8');
  const clips = tsv
    .trim()
    .split('\n')
    .map((line) => line.split('\t') as [string, string]);
  const inputs: { clip: string; path: string; reference: string | null }[] = clips.map(
    ([clip, reference]) => ({ clip, path: fixture(`${clip}.wav`), reference }),
  );
  const tmp = await mkdtemp(join(tmpdir(), 'bench-asr-'));
  if (LONG_MINUTES > 0) {
    const path = join(tmp, `long-${LONG_MINUTES}m.ogg`);
    const script = fileURLToPath(new URL('../../engine/scripts/bench_long.py', import.meta.url));
    execFileSync(defaultEnginePython, [script, 'build', String(LONG_MINUTES), path]);
    inputs.push({ clip: `${LONG_MINUTES}-min`, path, reference: null });
  }
  const opts = {
    model: MODEL,
    language: null,
    prompt: null,
    wordTimestamps: false,
    maxSeconds: null,
  };

  const engine = new ProcessSpeechEngine();
  await engine.transcribe(fixture(`${clips[0]?.[0]}.wav`), opts, () => undefined); // load the model
  const rows: Row[] = [];
  for (const { clip, path, reference } of inputs) {
    const { duration } = await engine.probe(path);
    const t0 = performance.now();
    const result = await engine.transcribe(path, opts, () => undefined);
    rows.push({
      clip,
      path,
      seconds: duration,
      reference,
      direct: { ms: performance.now() - t0, text: result.text },
    });
  }
  const directPeak = await peakMiB(engine.pid);
  await engine.close();
  let apiPeak = NaN;

  const server = await startTranscriptionServer({ LOG_LEVEL: 'silent', QUEUE_POLL_SECONDS: '0.5' });
  try {
    const who = await customer(server, 10_000);
    const warm = await submit(server, who, { model: MODEL }, fixture(`${clips[0]?.[0]}.wav`));
    await waitForJob(server, who, warm.body.id);
    for (const row of rows) {
      const t0 = performance.now();
      const res = await submit(server, who, { model: MODEL, timestamp_style: 'segment' }, row.path);
      // Allow real time for the job: far more than it needs, at any length.
      const job = await waitForJob(server, who, res.body.id, Math.max(60_000, row.seconds * 1000));
      row.api = { ms: performance.now() - t0, text: job.result?.text ?? '' };
    }
    apiPeak = Math.max(...(await Promise.all((await engineChildren()).map(peakMiB))));
  } finally {
    await server.close();
    await rm(tmp, { recursive: true, force: true });
  }

  const scored = rows.flatMap((r) =>
    r.reference === null ? [] : [{ row: r, reference: r.reference }],
  );
  const werList = werOf(scored.map(({ row, reference }) => [reference, row.direct.text]));
  const wers = new Map(scored.map(({ row }, i) => [row, werList[i] ?? NaN]));
  const fmt = (n: number, d = 2) => n.toFixed(d).padStart(8);
  console.log(`model ${MODEL}`);
  console.log(
    `${'clip'.padEnd(12)}${'audio s'.padStart(8)}${'WER'.padStart(8)}${'RTF'.padStart(8)}${'engine s'.padStart(9)}${'API s'.padStart(8)}${'API/eng'.padStart(8)}`,
  );
  rows.forEach((r) => {
    const api = r.api?.ms ?? NaN;
    console.log(
      `${r.clip.padEnd(12)}${fmt(r.seconds, 1)}${wers.has(r) ? fmt(wers.get(r) ?? NaN) : '-'.padStart(8)}${fmt(r.direct.ms / 1000 / r.seconds, 3)}${fmt(r.direct.ms / 1000).padStart(9)}${fmt(api / 1000)}${fmt(api / r.direct.ms)}`,
    );
  });
  const sum = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
  const audio = sum((r) => r.seconds);
  const direct = sum((r) => r.direct.ms);
  const api = sum((r) => r.api?.ms ?? 0);
  const words = scored.reduce((s, { reference }) => s + reference.split(/\s+/).length, 0);
  const errors = scored.reduce(
    (s, { row, reference }) => s + (wers.get(row) ?? 0) * reference.split(/\s+/).length,
    0,
  );
  console.log(
    `${'total'.padEnd(12)}${fmt(audio, 1)}${fmt(errors / words)}${fmt(direct / 1000 / audio, 3)}${fmt(direct / 1000).padStart(9)}${fmt(api / 1000)}${fmt(api / direct)}`,
  );
  for (const { row } of scored)
    console.log(`  ${row.clip}: WER ${wers.get(row)?.toFixed(2)} "${row.direct.text}"`);
  console.log(
    `engine peak RSS: direct ${directPeak.toFixed(0)} MiB, behind the API ${apiPeak.toFixed(0)} MiB`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
