/**
 * The home page's accuracy figures (packages/app/src/shells/public/home/measured.ts) are what
 * `npm run bench:asr` measures on the published evaluation set: same clips, same engine calls,
 * same scoring (test/asr-sets.ts). A set that changed without the page saying so, or figures
 * that no longer hold, fail here.
 *
 * The clips, units and metric must match exactly. The error counts need not: CTranslate2's int8
 * kernels differ between CPUs (and its threads between runs), and on this set that moved a
 * group's count by up to 12 errors between two machines of this kind (non-native English, 185
 * words; identical on the 613 native words). A count passes within three binomial standard errors
 * of the page's (at least two errors): a page whose figures went stale by more than measurement
 * noise fails, a different CPU does not.
 */
import { afterAll, expect, it } from 'vitest';
import { measured } from '../../app/src/shells/public/home/measured.js';
import { ProcessSpeechEngine } from '../src/transcription/engine/processEngine.js';
import { measureEvaluation } from './asr-sets.js';

const engine = new ProcessSpeechEngine();
afterAll(() => engine.close());

/** How far a group's error count may move between CPUs and runs: 3 standard errors, at least 2. */
const tolerance = ({ errors, units }: { errors: number; units: number }) => {
  const rate = Math.min(errors / units, 1);
  return Math.max(2, 3 * Math.sqrt(units * rate * (1 - rate)));
};

it("measured.ts gives the evaluation set's error rates per language group", async () => {
  const groups = (await measureEvaluation(engine)).map(({ rows: _rows, ...group }) => group);
  const shape = ({ errors: _errors, ...rest }: { errors: number }) => rest;
  expect(measured.accuracy.groups.map(shape)).toEqual(groups.map(shape));
  for (const [index, page] of measured.accuracy.groups.entries()) {
    const now = groups[index]!;
    expect(
      Math.abs(now.errors - page.errors),
      `${page.group}: ${now.errors} errors measured, ${page.errors} on the page`,
    ).toBeLessThanOrEqual(tolerance(page));
  }
}, 600_000);
