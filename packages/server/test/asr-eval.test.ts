/**
 * The home page's accuracy figures (packages/app/src/shells/public/home/measured.ts) are what
 * `npm run bench:asr` measures on the published evaluation set: same clips, same engine calls,
 * same scoring (test/asr-sets.ts). Stale figures, or a set that changed without the page saying
 * so, fail here.
 */
import { afterAll, expect, it } from 'vitest';
import { measured } from '../../app/src/shells/public/home/measured.js';
import { ProcessSpeechEngine } from '../src/transcription/engine/processEngine.js';
import { measureEvaluation } from './asr-sets.js';

const engine = new ProcessSpeechEngine();
afterAll(() => engine.close());

it("measured.ts gives the evaluation set's error rates per language group", async () => {
  const groups = await measureEvaluation(engine);
  expect(measured.accuracy.groups).toEqual(groups.map(({ rows: _rows, ...group }) => group));
}, 600_000);
