/**
 * The speech `npm run bench:asr` scores, in two sets (test/fixtures/PROVENANCE.md): the development
 * set the engine was built and tuned on, and the held-out set the home page's accuracy figure is
 * measured on. The benchmark and the test that holds the home page to it transcribe and score
 * through these same functions.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import {
  defaultEnginePython,
  type ProcessSpeechEngine,
} from '../src/transcription/engine/processEngine.js';
import type { TranscribeOptions } from '../src/transcription/engine/types.js';
import { fixture } from './transcription-helpers.js';

export const asrSets = {
  development: {
    name: 'development set',
    about: 'jfk and two LJ Speech clips; the engine was built and tuned on these',
    file: 'transcripts.tsv',
  },
  heldOut: {
    name: 'held-out set',
    about: 'AMI meeting corpus; never used to build or tune',
    file: 'held-out.tsv',
  },
} as const;

export interface Clip {
  clip: string;
  path: string;
  reference: string;
}

/** A set's clips: `<id>.wav` in test/fixtures with the reference text from its TSV file. */
export async function readSet(file: string): Promise<Clip[]> {
  const tsv = await readFile(fixture(file), 'utf8');
  return tsv
    .trim()
    .split('\n')
    .map((line) => {
      const [clip = '', reference = ''] = line.split('\t');
      return { clip, path: fixture(`${clip}.wav`), reference };
    });
}

/** What the benchmark transcribes with: language detected, no prompt, no word timings. */
const benchOptions = (model: string): TranscribeOptions => ({
  model,
  language: null,
  prompt: null,
  keyterms: null,
  task: 'transcribe',
  wordTimestamps: false,
  speakerLabels: false,
  speakersExpected: null,
  maxSeconds: null,
});

export interface Transcribed {
  seconds: number;
  ms: number;
  text: string;
}

/** Transcribes one file with the engine called directly, timing the call (model already loaded). */
export async function transcribeTimed(
  engine: ProcessSpeechEngine,
  path: string,
  model: string,
): Promise<Transcribed> {
  const { duration } = await engine.probe(path);
  const t0 = performance.now();
  const result = await engine.transcribe(path, benchOptions(model), () => undefined);
  return { seconds: duration, ms: performance.now() - t0, text: result.text };
}

export interface Score {
  errors: number;
  words: number;
}

/** Word errors and reference words per (reference, hypothesis) pair, by the engine's own normaliser. */
function score(pairs: [string, string][]): Score[] {
  const code =
    'import sys,json\nfrom parlance_engine.textnorm import word_errors\nprint(json.dumps([word_errors(r,h) for r,h in json.load(sys.stdin)]))';
  const out = JSON.parse(
    execFileSync(defaultEnginePython, ['-c', code], { input: JSON.stringify(pairs) }).toString(),
  ) as [number, number][];
  if (out.length !== pairs.length) throw new Error(`scored ${out.length} of ${pairs.length} pairs`);
  return out.map(([errors, words]) => ({ errors, words }));
}

export interface MeasuredClip extends Clip, Transcribed {
  score: Score;
}

/** Transcribes a set's clips one after another with the engine called directly, and scores them. */
export async function measureSet(
  engine: ProcessSpeechEngine,
  clips: Clip[],
  model: string,
): Promise<MeasuredClip[]> {
  const runs: (Clip & Transcribed)[] = [];
  for (const clip of clips)
    runs.push({ ...clip, ...(await transcribeTimed(engine, clip.path, model)) });
  const scores = score(runs.map((run) => [run.reference, run.text]));
  // score() answers one entry per pair, in order.
  return runs.map((run, i) => ({ ...run, score: scores[i] as Score }));
}

export interface SetSummary {
  clips: number;
  words: number;
  seconds: number;
  /** Word error rate in percent: all the set's word errors over all its words. */
  wordErrorRatePercent: number;
}

export function summarise(rows: { seconds: number; score: Score }[]): SetSummary {
  const words = rows.reduce((s, r) => s + r.score.words, 0);
  const errors = rows.reduce((s, r) => s + r.score.errors, 0);
  return {
    clips: rows.length,
    words,
    seconds: rows.reduce((s, r) => s + r.seconds, 0),
    wordErrorRatePercent: (100 * errors) / words,
  };
}
