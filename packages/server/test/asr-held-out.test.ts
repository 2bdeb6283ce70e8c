/**
 * The home page's accuracy claim (packages/app/src/shells/public/home/measured.ts) is what
 * `npm run bench:asr` measures on the held-out set: same clips, same engine call, same scoring
 * (test/asr-sets.ts). Stale figures, or a set that grew without the page saying so, fail here.
 */
import { afterAll, expect, it } from 'vitest';
import { measured } from '../../app/src/shells/public/home/measured.js';
import { ProcessSpeechEngine } from '../src/transcription/engine/processEngine.js';
import { asrSets, measureSet, readSet, summarise } from './asr-sets.js';

const engine = new ProcessSpeechEngine();
afterAll(() => engine.close());

it("measured.ts gives the benchmark's held-out word error rate and the set's size", async () => {
  const clips = await readSet(asrSets.heldOut.file);
  const summary = summarise(await measureSet(engine, clips, measured.model));

  expect(measured.heldOut).toMatchObject({
    clips: summary.clips,
    words: summary.words,
    seconds: Number(summary.seconds.toFixed(1)),
    wordErrorRatePercent: Number(summary.wordErrorRatePercent.toFixed(1)),
  });
});
