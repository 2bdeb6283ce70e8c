import type { IncomingMessage } from 'node:http';
import type { ReadyResponse } from '@parlance/contract';
import type { Storage } from '../db/index.js';
import { DomainError } from '../domainErrors.js';
import { mayReadMetrics, type Metrics } from './metrics.js';

/** What the API's system routes and a worker's own port (workerHttp.ts) both answer. */

/** Readiness: the storage answers; a 503 `not_ready` otherwise (its failure is `cause`). */
export async function readiness(storage: Storage): Promise<ReadyResponse> {
  try {
    await storage.ping();
  } catch (cause) {
    throw Object.assign(new DomainError('not_ready', 'Storage is not reachable'), { cause });
  }
  return { status: 'ready', storage: storage.kind };
}

/** A scrape of `metrics` for whoever may read it (mayReadMetrics); a 403 otherwise. */
export async function scrape(
  request: IncomingMessage,
  access: Parameters<typeof mayReadMetrics>[1],
  metrics: Metrics,
): Promise<{ contentType: string; body: string }> {
  if (!mayReadMetrics(request, access))
    throw new DomainError('metrics_forbidden', 'Send the METRICS_TOKEN as a bearer token');
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}
