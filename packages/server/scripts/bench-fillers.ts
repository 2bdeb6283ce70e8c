/**
 * `npm run bench:fillers`: what `disfluencies` does on real calls, the SpokenWOZ calls of
 * `../shared/conversations` (real voices, spontaneous speech; non-commercial, read from there, never
 * copied), each transcribed by the engine (BENCH_MODEL, default tiny.en) without and with the
 * fillers' prompt: the filler words (um, uh, hmm, er, ah, mm) its reference holds and those heard,
 * and the word error rate of the rest (the scorer's normaliser drops fillers, so a kept filler costs
 * nothing and this shows what the prompt does to the other words).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProcessSpeechEngine } from '../src/transcription/engine/processEngine.js';
import { FILLER_PROMPT } from '../src/transcription/disfluencies.js';
import { benchOptions, score } from '../test/asr-sets.js';

const MODEL = process.env.BENCH_MODEL ?? 'tiny.en';
const CONVERSATIONS = resolve(
  fileURLToPath(new URL('../../../../shared/conversations', import.meta.url)),
);
const CALLS = ['SNG0072', 'SNG0480', 'SNG1263'];
const FILLER = /^(um+|uh+|hmm+|mm+|erm|er|ah)$/i;
const fillersIn = (text: string) =>
  text.split(/\s+/).filter((word) => FILLER.test(word.replace(/[^\p{L}]/gu, ''))).length;

const calls = CALLS.filter((id) => existsSync(join(CONVERSATIONS, `${id}.words.json`)));
if (calls.length === 0) {
  console.log(`No calls: ${CONVERSATIONS} is not there.`);
  process.exit(0);
}
const engine = new ProcessSpeechEngine();
const totals = {
  reference: 0,
  none: { fillers: 0, errors: 0, units: 0 },
  kept: { fillers: 0, errors: 0, units: 0 },
};
try {
  for (const id of calls) {
    const words = JSON.parse(readFileSync(join(CONVERSATIONS, `${id}.words.json`), 'utf8')) as {
      word: string;
    }[];
    const reference = words.map((w) => w.word).join(' ');
    totals.reference += fillersIn(reference);
    for (const [way, prompt] of [
      ['none', null],
      ['kept', FILLER_PROMPT],
    ] as const) {
      const result = await engine.transcribe(
        join(CONVERSATIONS, `${id}.wav`),
        { ...benchOptions(MODEL), language: 'en', prompt, wordTimestamps: false },
        () => undefined,
      );
      const [scored] = score([{ language: 'en', reference, text: result.text }]);
      totals[way].fillers += fillersIn(result.text);
      totals[way].errors += scored!.errors;
      totals[way].units += scored!.units;
      console.log(
        `${id} ${way}: ${fillersIn(result.text)} fillers heard of ${fillersIn(reference)}`,
      );
    }
  }
} finally {
  await engine.close();
}
const wer = (t: { errors: number; units: number }) =>
  `${((100 * t.errors) / t.units).toFixed(1)} %`;
console.log(
  `\nmodel ${MODEL}, ${calls.length} calls, ${totals.reference} fillers in the references`,
);
console.log('| disfluencies | fillers heard | WER of the other words |\n|---|---|---|');
console.log(`| false | ${totals.none.fillers} | ${wer(totals.none)} |`);
console.log(`| true | ${totals.kept.fillers} | ${wer(totals.kept)} |`);
