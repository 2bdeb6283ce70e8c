/**
 * `npm run bench:faults`: durable jobs under crashes, with more jobs and kills than the test
 * (test/transcription.faults.test.ts), on each deployment shape. Prints per shape: jobs, kills,
 * lost, double-charged, stuck, worst takeover and rerun seconds, the most audio a job taken over
 * transcribed again (from its last checkpoint to where the killed run had got) beside what a
 * restart from the start would have; then what a file whose header claims 2 s but holds 600 s of
 * audio costs, what 100 refused uploads leave in the staging folder, and how soon another
 * account's upload is answered while one account sends files of hours of silence that state no
 * length: measured by their packets, and (without timestamps) only by decoding.
 *
 * FAULT_JOBS (default 12), FAULT_KILLS (6), FAULT_SEED (random), FAULT_SHAPES
 * (pglite,postgres,scaled), FAULT_REJECTS (100). Exits 1 when a run broke an invariant.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transcript } from '@parlance/contract';
import { ledgerEntries } from '../src/db/schema/billing.js';
import { eq } from 'drizzle-orm';
import {
  decodedSeconds,
  repeatAudio,
  spoofedDurationFile,
  writeUnstatedFlac,
} from '../test/faults/audio.js';
import {
  Cluster,
  finished,
  formatReports,
  newCustomer,
  randomSeed,
  rejectUploads,
  runFaults,
  sleep,
  type FaultReport,
  type Topology,
} from '../test/faults/harness.js';
import { fixture, submit, type Customer } from '../test/transcription-helpers.js';

const jobs = Number(process.env.FAULT_JOBS ?? 12);
const kills = Number(process.env.FAULT_KILLS ?? 6);
const seed = Number(process.env.FAULT_SEED ?? randomSeed());
const rejects = Number(process.env.FAULT_REJECTS ?? 100);
/** The probe attack's uploads, sent at once by one account. */
const ATTACK_UPLOADS = 6;
const shapes: Record<string, Topology> = {
  pglite: { backend: 'pglite', apis: 1, workers: 0 },
  postgres: { backend: 'postgres', apis: 1, workers: 0 },
  scaled: { backend: 'postgres', apis: 2, workers: 2 },
};
const chosen = (process.env.FAULT_SHAPES ?? 'pglite,postgres,scaled').split(',');
const log = (line: string) => console.log(`  ${new Date().toISOString().slice(11, 19)} ${line}`);

const dir = await mkdtemp(join(tmpdir(), 'parlance-bench-faults-'));
let broken = false;
try {
  // Two minutes of speech: several of Whisper's 30 s passes, so a kill lands past a checkpoint.
  const speech = await repeatAudio(fixture('jfk.wav'), 12, join(dir, 'speech-132s.wav'));
  console.log(`seed ${seed} (FAULT_SEED=${seed} replays it)\n`);

  const reports: FaultReport[] = [];
  for (const name of chosen) {
    const topology = shapes[name];
    if (!topology) throw new Error(`unknown shape ${name}: use ${Object.keys(shapes).join(', ')}`);
    const report = await runFaults({
      ...{ topology, jobs, kills, seed, log },
      ...{ audio: speech, audioSeconds: 132 },
    });
    for (const problem of report.problems) log(`problem: ${problem}`);
    reports.push(report);
  }
  console.log(`\n${formatReports(reports)}\n`);
  broken = reports.some(
    (r) => r.problems.length > 0 || r.missedTakeovers > 0 || r.uncharged > 0 || r.kills < kills,
  );

  const cluster = await Cluster.start(
    { backend: 'pglite', apis: 1, workers: 0 },
    { MAX_UPLOAD_MB: '2' },
  );
  try {
    const who = await newCustomer(cluster);

    const refused = await rejectUploads(cluster, who, {
      count: rejects,
      audio: fixture('jfk.wav'),
      dir,
    });
    console.log(`${rejects} refused uploads (MAX_UPLOAD_MB=2):`);
    for (const [kind, answers] of Object.entries(refused.answers))
      console.log(`  ${kind.padEnd(14)} ${JSON.stringify(answers)}`);
    console.log(
      `  left in staging: ${refused.staging.bytes} bytes in ${refused.staging.files} files\n`,
    );
    const accepted = Object.values(refused.answers).some((answers) =>
      Object.keys(answers).some((answer) => answer.startsWith('2')),
    );
    if (refused.staging.files > 0 || accepted) broken = true;

    const spoofed = await spoofedDurationFile(fixture('jfk.wav'), join(dir, 'spoofed.webm'));
    const decoded = await decodedSeconds(spoofed);
    const res = await submit(cluster.remote(), who, {}, spoofed);
    console.log(`a WebM whose header says 2 s, holding ${decoded.toFixed(0)} s of Opus audio:`);
    console.log(
      `  submit: ${res.status}${res.status >= 400 ? ` ${JSON.stringify(res.body)}` : ''}`,
    );
    if (res.status === 202) {
      const id: string = res.body.id;
      let job: Transcript;
      const deadline = Date.now() + 20 * 60_000;
      for (;;) {
        job = (await cluster.remote().client().get(`/v1/transcript/${id}`, { headers: who.auth }))
          .body as Transcript;
        if (finished(job.status) || Date.now() > deadline) break;
        await sleep(1000);
      }
      const workSeconds =
        job.startedAt && job.completedAt
          ? (Date.parse(job.completedAt) - Date.parse(job.startedAt)) / 1000
          : null;
      await cluster.stop();
      const [usage] = await cluster.withDatabase((db) =>
        db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, id)),
      );
      console.log(`  status: ${job.status}${job.error ? ` (${job.error})` : ''}`);
      console.log(`  audio_duration: ${job.audio_duration} s; cost: ${job.costMicros} µ$`);
      console.log(
        `  ledger: ${usage ? `${-usage.amountMicros} µ$ for ${usage.audioSeconds} s` : 'no usage entry'}`,
      );
      console.log(`  worker time: ${workSeconds?.toFixed(1) ?? '-'} s`);
      if (job.result?.notice) console.log(`  notice: ${job.result.notice}`);
      // Free audio: seconds transcribed that nobody paid for. Whisper's last segment can end past
      // the audio, so it only bounds a transcription cut short (which says so in its notice).
      const lastSegmentEnd = Math.max(0, ...(job.result?.segments ?? []).map((s) => s.end));
      const transcribed = job.result?.notice ? Math.min(lastSegmentEnd, decoded) : decoded;
      const charged = usage?.audioSeconds ?? 0;
      if (job.status === 'completed') {
        console.log(`  transcribed ${transcribed.toFixed(1)} s, charged ${charged.toFixed(1)} s`);
        if (charged + 1 < transcribed) broken = true;
      }
    }
  } finally {
    await cluster.destroy();
  }

  // The probe attack: one account's uploads of hours of silence that state no length, all sent
  // at once, and another account's ordinary upload meanwhile.
  const attacked = await Cluster.start({ backend: 'pglite', apis: 1, workers: 0 });
  try {
    const remote = attacked.remote();
    const timed = async (who: Customer) => {
      const started = performance.now();
      const res = await submit(remote, who, {}, fixture('jfk.wav'));
      return { status: res.status, seconds: (performance.now() - started) / 1000 };
    };
    const attacks = [
      { label: 'measured by its packets', timestamps: true },
      { label: 'no timestamps: only decoding measures it', timestamps: false },
    ];
    for (const { label, timestamps } of attacks) {
      const [attacker, other] = [await newCustomer(attacked), await newCustomer(attacked)];
      const file = join(dir, `silence-5h-${timestamps ? 'timed' : 'untimed'}.flac`);
      const slow = await writeUnstatedFlac(file, 655_350, 5 * 3600, { timestamps });
      const megabytes = (await stat(slow)).size / 1_048_576;
      const alone = await timed(other);
      const started = performance.now();
      const attack = Array.from({ length: ATTACK_UPLOADS }, () =>
        submit(remote, attacker, {}, slow).then((res) => ({
          answer: `${res.status} ${res.body?.code ?? ''}`.trim(),
          seconds: (performance.now() - started) / 1000,
        })),
      );
      await sleep(500); // the attacker's files are staged and waiting for the probe
      const during = await timed(other);
      const answers: Record<string, number> = {};
      const settled = await Promise.all(attack);
      for (const { answer } of settled) answers[answer] = (answers[answer] ?? 0) + 1;
      const lastAnswer = Math.max(...settled.map((a) => a.seconds));
      console.log(
        `probe attack, ${label}: ${ATTACK_UPLOADS} uploads at once of a ${megabytes.toFixed(1)} MB FLAC holding 5 h of silence, no stated length:`,
      );
      console.log(
        `  another account's jfk.wav: ${during.status} in ${during.seconds.toFixed(2)} s (alone: ${alone.seconds.toFixed(2)} s; target: under 2 s)`,
      );
      console.log(
        `  the attacker's: ${JSON.stringify(answers)}, the last after ${lastAnswer.toFixed(1)} s`,
      );
      if (during.status !== 202 || during.seconds >= 2) broken = true;
    }
  } finally {
    await attacked.destroy();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
if (broken) process.exitCode = 1;
