import { ProcessSpeechEngine, type ProcessEngineOptions } from './processEngine.js';
import {
  EngineUnavailableError,
  ProbeLimitError,
  ProbeTimeoutError,
  type EngineModels,
  type ProbeEngine,
  type ProbeFacts,
  type ProbeOptions,
} from './types.js';

export interface ProbePoolOptions {
  /** Engine processes, each with at most one probe in flight. */
  size: number;
  /** A probe running longer is failed and its process killed. */
  timeoutSeconds: number;
  /** An owner whose probes overran this many times in the window gets no more until one ages out. */
  maxTimeouts?: number;
  timeoutWindowSeconds?: number;
  engine?: ProcessEngineOptions;
}

const OVERRUN = Symbol('overrun');

interface Waiter {
  owner: string | symbol;
  resolve: (engine: ProcessSpeechEngine) => void;
  reject: (err: Error) => void;
}

const MAX_TIMEOUTS = 3;
const TIMEOUT_WINDOW_SECONDS = 600;

/**
 * Probes uploads on a few engine processes so that one user's file cannot hold up or fail
 * another's: each process runs one probe at a time; each owner (an account) has at most one probe
 * running, so one account's files never take more than one process; waiting probes are served
 * round-robin across owners, first come first served within each (a probe with no owner is an
 * owner of its own); a probe that overruns the time limit fails with ProbeTimeoutError and has
 * its process killed (the next probe there starts a fresh one), and an owner whose probes overran
 * `maxTimeouts` times in the window gets ProbeLimitError until one ages out (its probes already
 * waiting too, when their turn comes); a process that crashes
 * fails only the probe it was running. The limit counts from when a process takes the probe.
 */
export class ProbePool implements ProbeEngine {
  /** In the order free processes are given out (tests find a probe's process by it). */
  readonly engines: [ProcessSpeechEngine, ...ProcessSpeechEngine[]];
  private readonly busy = new Set<ProcessSpeechEngine>();
  /** Waiting probes in arrival order; served round-robin by owner (see `release`). */
  private readonly waiting: Waiter[] = [];
  /** Owners with a probe running. */
  private readonly running = new Set<string | symbol>();
  /** Owners in the order they were last served: the least recently served goes first. */
  private readonly served: (string | symbol)[] = [];
  /** When each owner's probes overran, oldest first. */
  private readonly overruns = new Map<string | symbol, number[]>();
  private readonly timeoutMs: number;
  private closed = false;

  constructor(private readonly opts: ProbePoolOptions) {
    const engine = () => new ProcessSpeechEngine(opts.engine);
    this.engines = [engine(), ...Array.from({ length: opts.size - 1 }, engine)];
    this.timeoutMs = opts.timeoutSeconds * 1000;
  }

  async probe(
    path: string,
    options?: ProbeOptions,
    owner: string | symbol = Symbol('probe'),
  ): Promise<ProbeFacts> {
    this.checkOverruns(owner);
    const engine = await this.acquire(owner);
    try {
      // The owner's probes that overran while this one waited count too.
      this.checkOverruns(owner);
      return await this.withinLimit(engine, engine.probe(path, options));
    } catch (err) {
      if (err instanceof ProbeTimeoutError)
        this.overruns.set(owner, [...(this.overruns.get(owner) ?? []), Date.now()]);
      throw err;
    } finally {
      this.running.delete(owner);
      // An owner with nothing left waiting is forgotten: it is served first when it comes back.
      if (!this.waiting.some((waiter) => waiter.owner === owner)) {
        const at = this.served.indexOf(owner);
        if (at >= 0) this.served.splice(at, 1);
      }
      this.release(engine);
    }
  }

  /** Refuses an owner whose probes overran too often in the window. */
  private checkOverruns(owner: string | symbol): void {
    const windowMs = (this.opts.timeoutWindowSeconds ?? TIMEOUT_WINDOW_SECONDS) * 1000;
    const recent = (this.overruns.get(owner) ?? []).filter((at) => at > Date.now() - windowMs);
    if (recent.length === 0) this.overruns.delete(owner);
    else this.overruns.set(owner, recent);
    const max = this.opts.maxTimeouts ?? MAX_TIMEOUTS;
    if (recent.length >= max) {
      const oldest = recent[recent.length - max] ?? Date.now();
      throw new ProbeLimitError(recent.length, Math.ceil((oldest + windowMs - Date.now()) / 1000));
    }
  }

  /** Answered at once by any engine process, even one busy probing; a free one is asked first. */
  models(): Promise<EngineModels> {
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

  private acquire(owner: string | symbol): Promise<ProcessSpeechEngine> {
    if (this.closed)
      return Promise.reject(new EngineUnavailableError('speech engine is shut down'));
    const free = this.engines.find((e) => !this.busy.has(e));
    if (free && !this.running.has(owner)) {
      this.busy.add(free);
      this.start(owner);
      return Promise.resolve(free);
    }
    return new Promise((resolve, reject) => this.waiting.push({ owner, resolve, reject }));
  }

  private start(owner: string | symbol): void {
    this.running.add(owner);
    const at = this.served.indexOf(owner);
    if (at >= 0) this.served.splice(at, 1);
    this.served.push(owner);
  }

  /**
   * Hands the process straight to a waiting probe whose owner has none running: of those owners,
   * the one served least recently (one never served before any), its earliest probe. So one
   * owner's many files take turns with everyone else's instead of going first.
   */
  private release(engine: ProcessSpeechEngine): void {
    const rank = (owner: string | symbol) => this.served.indexOf(owner);
    let next: Waiter | undefined;
    for (const waiter of this.waiting) {
      if (this.running.has(waiter.owner)) continue;
      if (!next || rank(waiter.owner) < rank(next.owner)) next = waiter;
    }
    if (!next) {
      this.busy.delete(engine);
      return;
    }
    this.waiting.splice(this.waiting.indexOf(next), 1);
    this.start(next.owner);
    next.resolve(engine);
  }
}
