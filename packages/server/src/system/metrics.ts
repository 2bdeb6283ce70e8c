import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { fromThisMachine } from '../http/loopback.js';

/** Seconds from a job's submission to its transcript (a few seconds to an hour). */
const LATENCY_BUCKETS = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 3600];
/** Processing seconds per second of audio: under 1 is faster than real time. */
const RTF_BUCKETS = [0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 4];
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * One process's Prometheus metrics, served at GET /metrics by the API and on a worker's
 * WORKER_HTTP_PORT: Node's own (prefixed `parlance_`), HTTP requests by route and status, jobs
 * finished by model and outcome with their latency and real-time factor, live streams open and
 * refused, speech-engine restarts, engines killed for stalling and ledger errors. Gauges added
 * with `gauge()` are read at each scrape (the queue's depth and age, jobs by state: the
 * deployment's, read from the database).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'parlance_' });
  const registers = [registry];
  const readErrors = new Counter({
    name: 'parlance_metrics_read_errors_total',
    help: 'Gauges left empty at a scrape because reading them failed (the database down), by gauge',
    labelNames: ['gauge'] as const,
    registers,
  });
  return {
    registry,
    httpRequests: new Histogram({
      name: 'parlance_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code, in seconds',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    jobsFinished: new Counter({
      name: 'parlance_jobs_finished_total',
      help: 'Transcription jobs this process finished, by model and outcome (completed, failed)',
      labelNames: ['model', 'outcome'] as const,
      registers,
    }),
    jobLatency: new Histogram({
      name: 'parlance_job_latency_seconds',
      help: 'Seconds from submission to a completed transcript, by model',
      labelNames: ['model'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    jobRealTimeFactor: new Histogram({
      name: 'parlance_job_real_time_factor',
      help: "A completed job's processing seconds per second of audio, by model",
      labelNames: ['model'] as const,
      buckets: RTF_BUCKETS,
      registers,
    }),
    jobAudioTakenUp: new Counter({
      name: 'parlance_job_audio_taken_up_seconds_total',
      help: 'Audio seconds that jobs taken over after a crash did not transcribe again, by model',
      labelNames: ['model'] as const,
      registers,
    }),
    liveStreamsRefused: new Counter({
      name: 'parlance_live_streams_refused_total',
      help: 'Live streams refused before they started, by error code',
      labelNames: ['code'] as const,
      registers,
    }),
    engineRestarts: new Counter({
      name: 'parlance_engine_restarts_total',
      help: 'Speech-engine processes that exited unasked and were restarted, by role',
      labelNames: ['role'] as const,
      registers,
    }),
    engineStallKills: new Counter({
      name: 'parlance_engine_stall_kills_total',
      help: 'Speech engines a worker killed for telling nothing during a job, by reason: idle (no CPU used either) or busy (computing, silent for four stall limits)',
      labelNames: ['reason'] as const,
      registers,
    }),
    ledgerErrors: new Counter({
      name: 'parlance_ledger_errors_total',
      help: 'Charges of finished jobs that failed for another reason than the balance or a limit',
      registers,
    }),
    /**
     * A gauge whose values `read` gives at each scrape. A read that fails (the database down)
     * leaves it empty and counts `parlance_metrics_read_errors_total`: the rest still answer.
     */
    gauge<L extends string>(
      name: string,
      help: string,
      labelNames: readonly L[],
      read: () =>
        Promise<[Partial<Record<L, string>>, number][]> | [Partial<Record<L, string>>, number][],
    ) {
      return new Gauge<L>({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          this.reset();
          try {
            for (const [labels, value] of await read()) this.set(labels, value);
          } catch {
            readErrors.inc({ gauge: name });
          }
        },
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Who may read /metrics: with METRICS_TOKEN set, a request bearing it (`Authorization: Bearer`);
 * without one, this machine only, and only when not deployed (a deployment cannot tell a local
 * proxy that adds no forwarding header from the machine itself).
 */
export function mayReadMetrics(
  request: IncomingMessage,
  { token, deployed }: { token: string | null; deployed: boolean },
): boolean {
  if (token === null) return !deployed && fromThisMachine(request);
  const sent = Buffer.from(request.headers.authorization ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted);
}

/** `read`'s answer shared by every caller within `ms` of asking (gauges of one scrape). */
export function sharedFor<T>(ms: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > ms) last = { at: Date.now(), value: read() };
    return last.value;
  };
}
