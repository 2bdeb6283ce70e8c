import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type {
  BleepResult,
  CancelResult,
  InfoResult,
  ModelsResult,
  Pong,
  ProbeResult,
  Request,
  Response,
  StreamAudioResult,
  StreamConfigResult,
  StreamEndResult,
  StreamEvent,
  StreamResult,
  TranscribeParams,
  TranscribeResult,
} from './protocol.js';
import {
  CANCELLED,
  EngineRequestError,
  EngineUnavailableError,
  type EngineModels,
  type LanguageDetection,
  type EngineProgress,
  type EngineResult,
  type LiveEngine,
  type LiveHearing,
  type LiveStream,
  type LiveStreamOptions,
  type ProbeFacts,
  type ProbeOptions,
  type SpeechEngine,
  type TimeSpan,
  type TranscribeOptions,
} from './types.js';
import { within } from '../../within.js';

/** packages/engine/.venv/bin/python, from src/transcription/engine or dist/transcription/engine. */
export const defaultEnginePython = fileURLToPath(
  new URL('../../../../engine/.venv/bin/python', import.meta.url),
);

export interface ProcessEngineOptions {
  python?: string;
  env?: NodeJS.ProcessEnv;
  /** How often an idle engine is pinged; a missed pong kills and restarts it. */
  healthIntervalMs?: number;
  pingTimeoutMs?: number;
  log?: (msg: string) => void;
  /** Called when the engine exits unasked, before it is restarted (the restarts metric). */
  onRestart?: () => void;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  onProgress?: (p: EngineProgress) => void;
  onEvent?: (e: StreamEvent) => void;
}

type Method = Request['method'];
type ParamsOf<M extends Method> = Extract<Request, { method: M }>['params'];
/** What each method answers with (one of the schema's Result types). */
interface ResultOf {
  ping: Pong;
  models: ModelsResult;
  info: InfoResult;
  probe: ProbeResult;
  bleep: BleepResult;
  transcribe: TranscribeResult;
  cancel: CancelResult;
  stream_open: StreamResult;
  stream_audio: StreamAudioResult;
  stream_end: StreamEndResult;
  stream_cancel: CancelResult;
  stream_config: StreamConfigResult;
}

const STDERR_TAIL = 2000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * Supervises the Python engine (`python -m parlance_engine`): newline-delimited
 * JSON requests on stdin, responses and progress on stdout. Started on first
 * use; restarted with backoff when it exits; an exit fails every request in
 * flight with EngineUnavailableError; an idle engine that misses a ping is
 * killed and restarted; close() stops it for good. An aborted transcription is
 * cancelled in the engine, which keeps running with its models loaded.
 */
export class ProcessSpeechEngine implements SpeechEngine, LiveEngine {
  private proc: ChildProcessWithoutNullStreams | undefined;
  private readonly pending = new Map<string, Pending>();
  private nextId = 1;
  private stderrTail = '';
  private closed = false;
  private restartDelay = 1000;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly healthTimer: NodeJS.Timeout;

  constructor(private readonly opts: ProcessEngineOptions = {}) {
    this.healthTimer = setInterval(() => void this.checkHealth(), opts.healthIntervalMs ?? 30_000);
    this.healthTimer.unref();
  }

  transcribe(
    path: string,
    opts: TranscribeOptions,
    onProgress: (p: EngineProgress) => void,
    signal?: AbortSignal,
  ): Promise<EngineResult> {
    if (signal?.aborted)
      return Promise.reject(new EngineRequestError(CANCELLED, 'transcription cancelled'));
    const params: TranscribeParams = {
      path,
      model: opts.model,
      language: opts.language,
      ...detectionParams(opts.detection),
      prompt: opts.prompt,
      keyterms: opts.keyterms,
      task: opts.task,
      word_timestamps: opts.wordTimestamps,
      beam_size: opts.beamSize,
      speaker_labels: opts.speakerLabels,
      speakers_expected: opts.speakersExpected,
      channel: opts.channel ?? null,
      max_seconds: opts.maxSeconds,
      resume: opts.resume ?? null,
      vad: true,
    };
    const { id, answer } = this.send('transcribe', params, onProgress);
    if (signal) {
      // The engine answers the transcription itself with the `cancelled` error; if the process
      // dies meanwhile, the transcription fails as any request in flight does.
      const cancel = () => void this.request('cancel', { request: id }).catch(() => undefined);
      signal.addEventListener('abort', cancel, { once: true });
      const done = () => signal.removeEventListener('abort', cancel);
      answer.then(done, done);
    }
    return answer.then((r) => ({ ...r, words: r.words ?? [] }));
  }

  /**
   * Opens a live stream: `audio` takes 16 kHz mono s16le samples as they arrive, `onEvent` hears
   * partial and final phrases, and `result` settles once `end()` has been called and all the audio
   * is transcribed (or with the engine's error: too_many_streams, model_not_found, ...).
   */
  openStream(
    opts: LiveStreamOptions,
    hearing: LiveHearing,
    onEvent: (e: StreamEvent) => void,
  ): LiveStream {
    const { id, answer } = this.send(
      'stream_open',
      {
        model: opts.model,
        language: opts.language,
        ...detectionParams(opts.detection),
        keyterms: opts.keyterms,
        sample_rate: hearing.sampleRate,
        end_of_turn_silence_ms: hearing.endOfTurnSilenceMs,
      },
      undefined,
      onEvent,
    );
    return {
      result: answer,
      audio: (pcm) => this.request('stream_audio', { stream: id, pcm: pcm.toString('base64') }),
      end: async () => {
        await this.request('stream_end', { stream: id });
      },
      cancel: async () => {
        await this.request('stream_cancel', { stream: id });
      },
      configure: async (change) => {
        await this.request('stream_config', {
          stream: id,
          keyterms: change.keyterms,
          end_of_turn_silence_ms: change.endOfTurnSilenceMs,
        });
      },
    };
  }

  probe(path: string, options: ProbeOptions = {}): Promise<ProbeFacts> {
    return this.request('probe', { path, max_seconds: options.maxSeconds });
  }

  bleep(path: string, out: string, spans: readonly TimeSpan[]): Promise<{ duration: number }> {
    return this.request('bleep', { path, out, spans: [...spans] });
  }

  async models(): Promise<EngineModels> {
    const r = await this.request('models', {});
    return { models: r.models, device: r.device, computeType: r.compute_type };
  }

  /** Resolves when the engine answers a ping within the timeout; rejects otherwise. */
  async ping(): Promise<void> {
    const timeoutMs = this.opts.pingTimeoutMs ?? 10_000;
    await within(
      this.request('ping', {}),
      timeoutMs,
      () => new EngineUnavailableError(`speech engine did not answer a ping in ${timeoutMs} ms`),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.healthTimer);
    clearTimeout(this.restartTimer);
    const proc = this.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.stdin.end();
    proc.kill('SIGTERM');
    const killer = setTimeout(() => proc.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(killer);
  }

  /**
   * Kills the process now, for a request that overran its time limit: requests in flight fail
   * with EngineUnavailableError and the next request starts a fresh process. Resolves once the
   * old one is gone, so nothing sent afterwards can land in it.
   */
  async kill(): Promise<void> {
    const proc = this.proc;
    if (!proc) return;
    const gone = new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.once('error', () => resolve());
    });
    proc.kill('SIGKILL');
    await gone;
  }

  /** The engine's process id while it runs (for supervision tests and logs). */
  get pid(): number | undefined {
    return this.proc?.pid;
  }

  cpuSeconds(): Promise<number | null> {
    return this.proc?.pid === undefined ? Promise.resolve(null) : processCpuSeconds(this.proc.pid);
  }

  private request<M extends Method>(
    method: M,
    params: ParamsOf<M>,
    onProgress?: (p: EngineProgress) => void,
  ): Promise<ResultOf[M]> {
    return this.send(method, params, onProgress).answer;
  }

  /** Writes one request; `id` names it in the engine (a cancel refers to it). */
  private send<M extends Method>(
    method: M,
    params: ParamsOf<M>,
    onProgress?: (p: EngineProgress) => void,
    onEvent?: (e: StreamEvent) => void,
  ): { id: string; answer: Promise<ResultOf[M]> } {
    const id = String(this.nextId++);
    if (this.closed)
      return {
        id,
        answer: Promise.reject(new EngineUnavailableError('speech engine is shut down')),
      };
    const proc = this.ensureStarted();
    const answer = new Promise<ResultOf[M]>((resolve, reject) => {
      this.pending.set(id, {
        resolve: resolve as (v: unknown) => void,
        reject,
        onProgress,
        onEvent,
      });
      proc.stdin.write(JSON.stringify({ id, method, params }) + '\n');
    });
    return { id, answer };
  }

  private ensureStarted(): ChildProcessWithoutNullStreams {
    if (this.proc) return this.proc;
    clearTimeout(this.restartTimer);
    const python = this.opts.python ?? defaultEnginePython;
    const proc = spawn(python, ['-m', 'parlance_engine'], {
      env: { ...process.env, ...this.opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.proc = proc;
    this.stderrTail = '';
    const startedAt = Date.now();
    createInterface({ input: proc.stdout }).on('line', (line) => this.onLine(line));
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL);
    });
    proc.stdin.on('error', () => undefined); // EPIPE after a crash: reported by 'exit'
    proc.on('error', (err) =>
      this.onExit(proc, `could not start ${python}: ${err.message}`, startedAt),
    );
    proc.on('exit', (code, signal) =>
      this.onExit(proc, `exited (${signal ? `signal ${signal}` : `code ${code}`})`, startedAt),
    );
    return proc;
  }

  private onLine(line: string): void {
    let msg: Response;
    try {
      msg = JSON.parse(line) as Response;
    } catch {
      this.opts.log?.(`speech engine wrote a non-JSON line: ${line.slice(0, 200)}`);
      return;
    }
    // Requests are sent with string ids, so only a string id can name one in flight.
    if (typeof msg.id !== 'string') return;
    const entry = this.pending.get(msg.id);
    if (!entry) return;
    if ('progress' in msg) {
      entry.onProgress?.(msg.progress);
      return;
    }
    if ('event' in msg) {
      entry.onEvent?.(msg.event);
      return;
    }
    this.pending.delete(msg.id);
    if ('error' in msg) {
      entry.reject(new EngineRequestError(msg.error.code, msg.error.message));
    } else {
      entry.resolve(msg.result);
    }
  }

  private onExit(proc: ChildProcessWithoutNullStreams, why: string, startedAt: number): void {
    if (this.proc !== proc) return; // 'error' and 'exit' can both fire
    this.proc = undefined;
    const detail = this.stderrTail.trim().split('\n').slice(-3).join(' | ');
    const err = new EngineUnavailableError(`speech engine ${why}${detail ? `: ${detail}` : ''}`);
    for (const entry of this.pending.values()) entry.reject(err);
    this.pending.clear();
    if (this.closed) return;
    this.opts.log?.(err.message);
    this.opts.onRestart?.();
    if (Date.now() - startedAt > 60_000) this.restartDelay = 1000;
    this.restartTimer = setTimeout(() => {
      if (!this.closed && !this.proc) this.ensureStarted();
    }, this.restartDelay);
    this.restartTimer.unref();
    this.restartDelay = Math.min(this.restartDelay * 2, MAX_RESTART_DELAY_MS);
  }

  /** Requests are served in order, so only an idle engine can be pinged meaningfully. */
  private async checkHealth(): Promise<void> {
    const proc = this.proc;
    if (!proc || this.pending.size > 0) return;
    try {
      await this.ping();
    } catch (err) {
      if (this.proc !== proc) return;
      this.opts.log?.((err as Error).message + '; restarting it');
      proc.kill('SIGKILL');
    }
  }
}

/** A request's narrowing of detection as the engine's params (none: Whisper's own choice). */
function detectionParams(detection: LanguageDetection | null) {
  return detection
    ? {
        expected_languages: detection.expectedLanguages,
        language_confidence_threshold: detection.confidenceThreshold,
        fallback_language: detection.fallbackLanguage,
      }
    : {};
}

/** Linux's clock ticks per second, in which /proc/<pid>/stat counts CPU time (USER_HZ). */
const CLOCK_TICKS = 100;

/**
 * The fields of a /proc stat file (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`) after the
 * command name, the process's state first; none where it cannot be read (not Linux, or the process
 * or thread is gone). The command name is in parentheses and may hold spaces: fields are counted
 * after it.
 */
export async function statFields(path: string): Promise<string[]> {
  const stat = await readFile(path, 'utf8').catch(() => null);
  return stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : [];
}

/**
 * The CPU time (user and system, all threads) process `pid` has used, from /proc/<pid>/stat; null
 * where there is no /proc (not Linux) or no such process.
 */
export async function processCpuSeconds(pid: number): Promise<number | null> {
  const fields = await statFields(`/proc/${pid}/stat`);
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / CLOCK_TICKS : null;
}
