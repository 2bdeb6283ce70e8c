/**
 * The docs' self-hosting promise: a model folder added to the engine is sold once the price list
 * names it (a name in contract/money.ts's MODELS), and not before.
 */
import { expect, it } from 'vitest';
import { createModelCatalog } from '../src/transcription/models.js';
import type { EngineModel, ProbeEngine } from '../src/transcription/engine/types.js';

const engineWith = (models: EngineModel[]): ProbeEngine => ({
  probe: () => Promise.reject(new Error('not used')),
  models: () => Promise.resolve(models),
  close: () => Promise.resolve(),
});

it('lists the installed models the price list names, in its order, with their languages', async () => {
  const catalog = createModelCatalog(
    engineWith([
      { name: 'small', languages: 'multilingual', multilingual: true },
      { name: 'my-tuned-model', languages: 'en', multilingual: false },
      { name: 'tiny.en', languages: 'en', multilingual: false },
    ]),
  );
  expect((await catalog.list()).map(({ model, languages }) => ({ model, languages }))).toEqual([
    { model: 'tiny.en', languages: 'en' },
    { model: 'small', languages: 'multilingual' },
  ]);
  await expect(catalog.resolve('my-tuned-model', undefined)).rejects.toThrow(
    "Unknown model 'my-tuned-model'. Available models: tiny.en, small",
  );
});
