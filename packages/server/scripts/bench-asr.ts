/**
 * `npm run bench:asr -w @parlance/server`: for every clip in test/fixtures/transcripts.tsv,
 * the word error rate (Whisper-style normaliser of the engine), the real-time factor of the
 * engine called directly, and the end-to-end API time (submit + poll) relative to that direct
 * call — both warmed up, in the same run, on the same files.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
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

interface Row {
  clip: string;
  seconds: number;
  reference: string;
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

async function main(): Promise<void> {
  const tsv = await readFile(fixture('transcripts.tsv'), 'utf8');
  const clips = tsv
    .trim()
    .split('\n')
    .map((line) => line.split('\t') as [string, string]);
  const opts = { model: MODEL, language: null, prompt: null, wordTimestamps: false };

  const engine = new ProcessSpeechEngine();
  await engine.transcribe(fixture(`${clips[0]?.[0]}.wav`), opts, () => undefined); // load the model
  const rows: Row[] = [];
  for (const [clip, reference] of clips) {
    const path = fixture(`${clip}.wav`);
    const { duration } = await engine.probe(path);
    const t0 = performance.now();
    const result = await engine.transcribe(path, opts, () => undefined);
    rows.push({
      clip,
      seconds: duration,
      reference,
      direct: { ms: performance.now() - t0, text: result.text },
    });
  }
  await engine.close();

  const server = await startTranscriptionServer({ LOG_LEVEL: 'silent', QUEUE_POLL_SECONDS: '0.5' });
  try {
    const who = await customer(server, 10_000);
    const warm = await submit(server, who, { model: MODEL }, fixture(`${clips[0]?.[0]}.wav`));
    await waitForJob(server, who, warm.body.id);
    for (const row of rows) {
      const t0 = performance.now();
      const res = await submit(
        server,
        who,
        { model: MODEL, timestamp_style: 'segment' },
        fixture(`${row.clip}.wav`),
      );
      const job = await waitForJob(server, who, res.body.id);
      row.api = { ms: performance.now() - t0, text: job.result?.text ?? '' };
    }
  } finally {
    await server.close();
  }

  const wers = werOf(rows.map((r) => [r.reference, r.direct.text]));
  const fmt = (n: number, d = 2) => n.toFixed(d).padStart(8);
  console.log(`model ${MODEL}`);
  console.log(
    `${'clip'.padEnd(12)}${'audio s'.padStart(8)}${'WER'.padStart(8)}${'RTF'.padStart(8)}${'engine s'.padStart(9)}${'API s'.padStart(8)}${'API/eng'.padStart(8)}`,
  );
  rows.forEach((r, i) => {
    const api = r.api?.ms ?? NaN;
    console.log(
      `${r.clip.padEnd(12)}${fmt(r.seconds, 1)}${fmt(wers[i] ?? NaN)}${fmt(r.direct.ms / 1000 / r.seconds, 3)}${fmt(r.direct.ms / 1000).padStart(9)}${fmt(api / 1000)}${fmt(api / r.direct.ms)}`,
    );
  });
  const sum = (f: (r: Row) => number) => rows.reduce((s, r) => s + f(r), 0);
  const audio = sum((r) => r.seconds);
  const direct = sum((r) => r.direct.ms);
  const api = sum((r) => r.api?.ms ?? 0);
  const words = sum((r) => r.reference.split(/\s+/).length);
  const errors = rows.reduce((s, r, i) => s + (wers[i] ?? 0) * r.reference.split(/\s+/).length, 0);
  console.log(
    `${'total'.padEnd(12)}${fmt(audio, 1)}${fmt(errors / words)}${fmt(direct / 1000 / audio, 3)}${fmt(direct / 1000).padStart(9)}${fmt(api / 1000)}${fmt(api / direct)}`,
  );
  for (const [i, r] of rows.entries())
    console.log(`  ${r.clip}: WER ${wers[i]?.toFixed(2)} "${r.direct.text}"`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
