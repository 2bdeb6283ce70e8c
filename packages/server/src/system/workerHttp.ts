import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_ERRORS, systemPaths, type ApiErrorCode } from '@parlance/contract/endpoints';
import type { Storage } from '../db/index.js';
import { DomainError } from '../domainErrors.js';
import type { Metrics } from './metrics.js';
import { readiness, scrape } from './probes.js';

export interface WorkerHttp {
  port: number;
  close(): Promise<void>;
}

/**
 * A worker process's own small HTTP server (WORKER_HTTP_PORT), for orchestrators and scrapers:
 * `GET /api/health` (the process answers), `GET /api/ready` (and its storage does) and
 * `GET /metrics` (as the API's: METRICS_TOKEN, or this machine only). Anything else is a 404.
 */
export async function serveWorkerHttp(
  port: number,
  deps: {
    storage: Storage;
    metrics: Metrics;
    /** Who may read /metrics (system/metrics.ts's mayReadMetrics). */
    access: Parameters<typeof scrape>[1];
    /** The interface to listen on (HOST). */
    host: string;
  },
): Promise<WorkerHttp> {
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, code: ApiErrorCode, message: string) =>
    json(res, API_ERRORS[code].status, { code, message });

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://worker').pathname;
    if (req.method !== 'GET') return error(res, 'not_found', 'Not found');
    if (path === systemPaths.health) return json(res, 200, { status: 'ok' });
    if (path === systemPaths.ready) return json(res, 200, await readiness(deps.storage));
    if (path === systemPaths.metrics) {
      const { contentType, body } = await scrape(req, deps.access, deps.metrics);
      res.writeHead(200, { 'content-type': contentType });
      return res.end(body);
    }
    return error(res, 'not_found', 'Not found');
  };

  const server: Server = createServer((req, res) => {
    answer(req, res).catch((err: unknown) => {
      if (res.headersSent) res.destroy();
      else if (err instanceof DomainError) error(res, err.code, err.message);
      else error(res, 'internal_error', 'Something went wrong on our side');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, deps.host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
