import { EventEmitter } from 'node:events';
import type PgBoss from 'pg-boss';
import type { Storage } from '../db/index.js';
import { blobDirIn, createLocalBlobStore, type BlobStore } from './blobs/blobStore.js';
import { createS3BlobStore } from './blobs/s3BlobStore.js';
import type { TranscriptionConfig } from './config.js';
import { ProbePool } from './engine/probePool.js';
import { ProcessSpeechEngine } from './engine/processEngine.js';
import type { ProbeEngine } from './engine/types.js';
import { startQueue } from './jobs/queue.js';
import { startWorkers, type Workers } from './jobs/workers.js';
import type { Metrics } from '../system/metrics.js';

export interface RuntimeOptions {
  storage: Storage;
  databaseUrl: string | undefined;
  dataDir: string;
  config: TranscriptionConfig;
  logger: { warn(msg: string): void };
  /** Run transcription workers in this process. */
  workers: boolean;
  metrics: Metrics;
}

export interface TranscriptionRuntime {
  config: TranscriptionConfig;
  storage: Storage;
  blobs: BlobStore;
  boss: PgBoss;
  /** This process's workers (and their sweeper), when it runs any. */
  workers: Workers | undefined;
  /**
   * Emits a job's id when a worker of this process has finished it, so requests waiting for it
   * here answer at once instead of at their next poll (which still finds jobs run elsewhere).
   */
  finished: EventEmitter;
  /**
   * Probes uploads and lists models: a pool of processes of their own, so a probe never waits
   * behind a transcription, and one slow or crashing file never holds up or fails another's.
   */
  probeEngine: ProbeEngine;
  /**
   * Serves live streams (/v1/realtime), up to LIVE_MAX_STREAMS at once, each on a thread of its
   * own in one process; started when the first stream opens.
   */
  liveEngine: ProcessSpeechEngine;
  /** Embedded data and what this machine measured (DATA_DIR). */
  dataDir: string;
  /** Warns the operator (an engine or the audio store failing). */
  log: (msg: string) => void;
  close(): Promise<void>;
}

/** Starts the queue, the engines and (when asked) the workers of one process. */
export async function startTranscriptionRuntime(
  opts: RuntimeOptions,
): Promise<TranscriptionRuntime> {
  const { config, logger, metrics } = opts;
  const log = (msg: string) => logger.warn(msg);
  const engineOptions = (role: 'probe' | 'transcribe' | 'live') => ({
    python: config.enginePython,
    log,
    onRestart: () => metrics.engineRestarts.inc({ role }),
    // Set for every engine, so one in this process's environment never reaches the others.
    env: {
      PARLANCE_ENGINE_ROLE: role,
      PARLANCE_ENGINE_NICE: role === 'transcribe' ? String(config.batchEngineNice) : '0',
    },
  });
  const blobDir = blobDirIn(opts.dataDir);
  const blobs = config.s3 ? createS3BlobStore(config.s3, blobDir) : createLocalBlobStore(blobDir);
  const boss = await startQueue(opts.storage, opts.databaseUrl, config);
  const probeEngine = new ProbePool({
    size: config.probeConcurrency,
    timeoutSeconds: config.probeTimeoutSeconds,
    maxTimeouts: config.probeTimeoutsPerAccount,
    engine: engineOptions('probe'),
  });
  const workEngines = opts.workers
    ? Array.from(
        { length: config.workerConcurrency },
        () => new ProcessSpeechEngine(engineOptions('transcribe')),
      )
    : [];
  const live = engineOptions('live');
  const liveEngine = new ProcessSpeechEngine({
    ...live,
    env: { ...live.env, PARLANCE_MAX_STREAMS: String(config.liveMaxStreams) },
  });
  const finished = new EventEmitter().setMaxListeners(0);
  const workers = opts.workers
    ? await startWorkers({
        db: opts.storage.db,
        engines: workEngines,
        blobs,
        boss,
        config,
        log,
        finished,
        metrics,
      })
    : undefined;
  return {
    config,
    storage: opts.storage,
    blobs,
    boss,
    probeEngine,
    liveEngine,
    dataDir: opts.dataDir,
    log,
    workers,
    finished,
    async close() {
      workers?.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await Promise.all([probeEngine, liveEngine, ...workEngines].map((engine) => engine.close()));
    },
  };
}
