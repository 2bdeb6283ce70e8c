import type { ModelRate, Quality } from '@parlance/contract';
import { modelForQuality, type DefaultModels } from '@parlance/contract/endpoints';
import { rateTable } from '@parlance/contract/money';
import { DomainError } from '../domainErrors.js';
import {
  EngineUnavailableError,
  type EngineModel,
  type EngineModels,
  type ProbeEngine,
} from './engine/types.js';

export interface InstalledModel extends ModelRate {
  languages: string;
}

const CACHE_MS = 60_000;
const FAILURE_CACHE_MS = 5_000;

/** The engine process cannot start or keeps dying: a 503 the client may retry, details in the log. */
export function engineDown(err: unknown): never {
  if (err instanceof EngineUnavailableError) {
    throw new DomainError(
      'engine_unavailable',
      'The speech engine is not available right now; try again shortly',
      { retryAfterSeconds: 30 },
    );
  }
  throw err;
}

/** What the server runs: its models both priced and installed, and where the engine runs them. */
export interface Installed {
  models: InstalledModel[];
  device: EngineModels['device'];
  computeType: string;
}

/** Models both priced in the rate table and installed in the engine; `log` hears the device once. */
export function createModelCatalog(engine: ProbeEngine, log: (message: string) => void) {
  let cached: { at: number; installed: Promise<Installed> } | undefined;
  let told = false;

  async function fetchInstalled(): Promise<Installed> {
    const { models, device, computeType } = await engine.models().catch(engineDown);
    if (!told) {
      told = true;
      log(`speech models run on ${device === 'cuda' ? 'a CUDA GPU' : 'the CPU'} (${computeType})`);
    }
    const byName = new Map<string, EngineModel>(models.map((m) => [m.name, m]));
    return {
      device,
      computeType,
      models: rateTable().flatMap((rate) => {
        const model = byName.get(rate.model);
        return model ? [{ ...rate, languages: model.languages }] : [];
      }),
    };
  }

  /**
   * One engine call at a time, whoever asks (the public price list among them): its answer is
   * kept a minute, its failure FAILURE_CACHE_MS, so a flood while the engine is down does not
   * keep restarting it.
   */
  function installed(): Promise<Installed> {
    const age = cached ? Date.now() - cached.at : Infinity;
    if (cached && age < CACHE_MS) return cached.installed;
    const answer = fetchInstalled();
    const entry = { at: Date.now(), installed: answer };
    cached = entry;
    answer.catch(() => {
      // Asked again after FAILURE_CACHE_MS: back-date the entry so it then counts as expired.
      if (cached === entry) entry.at = Date.now() - CACHE_MS + FAILURE_CACHE_MS;
    });
    return answer;
  }

  const list = async (): Promise<InstalledModel[]> => (await installed()).models;

  /**
   * The model and language (null = detect) a request may use, with the languages detection may
   * choose among (`expected`), or a 400 that says why not.
   */
  async function resolve(
    model: string,
    language: string | undefined,
    task: 'transcribe' | 'translate' = 'transcribe',
    expected: string[] | null = null,
  ): Promise<{ model: string; language: string | null }> {
    const models = await list();
    const found = models.find((m) => m.model === model);
    if (!found) {
      const names = models.map((m) => m.model).join(', ') || 'none';
      throw new DomainError(
        'invalid_model',
        `Unknown model '${model}'. Available models: ${names}`,
      );
    }
    if (found.englishOnly && task === 'translate') {
      throw new DomainError(
        'unsupported_task',
        `Model '${model}' is English-only: translation needs a multilingual model such as 'base'`,
      );
    }
    const lang = language === undefined || language === 'auto' ? null : language;
    if (found.englishOnly && lang !== null && lang !== 'en') {
      throw new DomainError(
        'unsupported_language',
        `Model '${model}' is English-only; use language 'en' or 'auto'`,
      );
    }
    if (found.englishOnly && expected?.some((code) => code !== 'en')) {
      throw new DomainError(
        'unsupported_language',
        `Model '${model}' is English-only; expected_languages can only be ["en"]`,
      );
    }
    return { model, language: lang };
  }

  /**
   * The model of a request that names none: the one its quality picks among those installed
   * (balanced, the default model, asks the engine for nothing).
   */
  async function choose(
    quality: Quality,
    defaults: DefaultModels,
    language: string | undefined,
    task: 'transcribe' | 'translate',
  ): Promise<string> {
    const names = quality === 'balanced' ? [] : (await list()).map((m) => m.model);
    return modelForQuality(quality, names, defaults, language, task);
  }

  return { list, installed, resolve, choose };
}

export type ModelCatalog = ReturnType<typeof createModelCatalog>;
