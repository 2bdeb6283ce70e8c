import { ProcessSpeechEngine, type ProcessEngineOptions } from './processEngine.js';
import {
  EngineUnavailableError,
  ProbeTimeoutError,
  type EngineModel,
  type ProbeEngine,
  type ProbeOptions,
} from './types.js';

export interface ProbePoolOptions {
  /** Engine processes, each with at most one probe in flight. */
  size: number;
  /** A probe running longer is failed and its process killed. */
  timeoutSeconds: number;
  engine?: ProcessEngineOptions;
}

const OVERRUN = Symbol('overrun');

interface Waiter {
  resolve: (engine: ProcessSpeechEngine) => void;
  reject: (err: Error) => void;
}

/**
 * Probes uploads on a few engine processes so that one user's file cannot hold up or fail
 * another's: each process runs one probe at a time, waiting probes are served first come first
 * served, a probe that overruns the time limit fails with ProbeTimeoutError and has its process
 * killed (the next probe there starts a fresh one), and a process that crashes fails only the
 * probe it was running. The limit counts from when a process takes the probe, not while it waits.
 */
export class ProbePool implements ProbeEngine {
  /** In the order free processes are given out (tests find a probe's process by it). */
  readonly engines: [ProcessSpeechEngine, ...ProcessSpeechEngine[]];
  private readonly busy = new Set<ProcessSpeechEngine>();
  private readonly waiting: Waiter[] = [];
  private readonly timeoutMs: number;
  private closed = false;

  constructor(private readonly opts: ProbePoolOptions) {
    const engine = () => new ProcessSpeechEngine(opts.engine);
    this.engines = [engine(), ...Array.from({ length: opts.size - 1 }, engine)];
    this.timeoutMs = opts.timeoutSeconds * 1000;
  }

  async probe(path: string, options?: ProbeOptions): Promise<{ duration: number }> {
    const engine = await this.acquire();
    try {
      return await this.withinLimit(engine, engine.probe(path, options));
    } finally {
      this.release(engine);
    }
  }

  /** Answered at once by any engine process, even one busy probing; a free one is asked first. */
  models(): Promise<EngineModel[]> {
    const engine = this.engines.find((e) => !this.busy.has(e)) ?? this.engines[0];
    return engine.models();
  }

  async close(): Promise<void> {
    this.closed = true;
    const shutDown = new EngineUnavailableError('speech engine is shut down');
    for (const waiter of this.waiting.splice(0)) waiter.reject(shutDown);
    await Promise.all(this.engines.map((engine) => engine.close()));
  }

  private async withinLimit<T>(engine: ProcessSpeechEngine, work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<typeof OVERRUN>((resolve) => {
      timer = setTimeout(() => resolve(OVERRUN), this.timeoutMs);
    });
    try {
      const first = await Promise.race([work, overrun]);
      if (first !== OVERRUN) return first;
    } finally {
      clearTimeout(timer);
    }
    work.catch(() => undefined); // it fails with the kill; the caller hears of the overrun
    this.opts.engine?.log?.(
      `probe overran ${this.opts.timeoutSeconds} s; killing engine process ${engine.pid}`,
    );
    await engine.kill();
    throw new ProbeTimeoutError(this.opts.timeoutSeconds);
  }

  private acquire(): Promise<ProcessSpeechEngine> {
    if (this.closed)
      return Promise.reject(new EngineUnavailableError('speech engine is shut down'));
    const free = this.engines.find((e) => !this.busy.has(e));
    if (free) {
      this.busy.add(free);
      return Promise.resolve(free);
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Hands the process straight to the longest-waiting probe, so none can overtake it. */
  private release(engine: ProcessSpeechEngine): void {
    const next = this.waiting.shift();
    if (next) next.resolve(engine);
    else this.busy.delete(engine);
  }
}
