/**
 * The docs' self-hosting promise: a model folder added to the engine is sold once the price list
 * names it (a name in contract/money.ts's MODELS), and not before; and the public price list
 * cannot make the engine restart in a loop.
 */
import { expect, it, vi } from 'vitest';
import { createModelCatalog } from '../src/transcription/models.js';
import {
  EngineUnavailableError,
  type EngineModel,
  type ProbeEngine,
} from '../src/transcription/engine/types.js';

const onCpu = (models: EngineModel[]) => ({ models, device: 'cpu' as const, computeType: 'int8' });
const engineWith = (models: EngineModel[]): ProbeEngine => ({
  probe: () => Promise.reject(new Error('not used')),
  models: () => Promise.resolve(onCpu(models)),
  close: () => Promise.resolve(),
});
const silent = () => undefined;

it('lists the installed models the price list names, in its order, with their languages', async () => {
  const catalog = createModelCatalog(
    engineWith([
      { name: 'small', languages: 'multilingual', multilingual: true },
      { name: 'my-tuned-model', languages: 'en', multilingual: false },
      { name: 'tiny.en', languages: 'en', multilingual: false },
    ]),
    silent,
  );
  expect((await catalog.list()).map(({ model, languages }) => ({ model, languages }))).toEqual([
    { model: 'tiny.en', languages: 'en' },
    { model: 'small', languages: 'multilingual' },
  ]);
  await expect(catalog.resolve('my-tuned-model', undefined)).rejects.toThrow(
    "Unknown model 'my-tuned-model'. Available models: tiny.en, small",
  );
});

it('asks the engine once for concurrent callers, and keeps a failure 5 s, not a minute', async () => {
  vi.useFakeTimers({ now: 0 });
  try {
    let calls = 0;
    let down = true;
    const catalog = createModelCatalog(
      {
        ...engineWith([]),
        models: () => {
          calls += 1;
          return down
            ? Promise.reject(new EngineUnavailableError('engine down'))
            : Promise.resolve(onCpu([{ name: 'tiny.en', languages: 'en', multilingual: false }]));
        },
      },
      silent,
    );
    const failed = await Promise.all([1, 2, 3].map(() => catalog.list().catch((e: unknown) => e)));
    expect(calls).toBe(1);
    for (const err of failed) expect(err).toMatchObject({ code: 'engine_unavailable' });
    down = false;
    vi.setSystemTime(4_000);
    await expect(catalog.list()).rejects.toMatchObject({ code: 'engine_unavailable' });
    expect(calls).toBe(1);
    vi.setSystemTime(5_001);
    expect((await catalog.list()).map((m) => m.model)).toEqual(['tiny.en']);
    vi.setSystemTime(60_000);
    await catalog.list();
    expect(calls).toBe(2);
  } finally {
    vi.useRealTimers();
  }
});

it('says once where the engine runs its models, and answers it with the list', async () => {
  const logged: string[] = [];
  const catalog = createModelCatalog(
    {
      ...engineWith([]),
      models: () =>
        Promise.resolve({
          models: [{ name: 'tiny.en', languages: 'en', multilingual: false }],
          device: 'cuda',
          computeType: 'float16',
        }),
    },
    (message) => logged.push(message),
  );
  expect(await catalog.installed()).toMatchObject({ device: 'cuda', computeType: 'float16' });
  await catalog.list();
  expect(logged).toEqual(['speech models run on a CUDA GPU (float16)']);
});
