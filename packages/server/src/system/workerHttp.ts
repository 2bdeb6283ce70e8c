import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_ERRORS, systemPaths, type ApiErrorCode } from '@parlance/contract/endpoints';
import type { Storage } from '../db/index.js';
import { mayReadMetrics, type Metrics } from './metrics.js';

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
    access: { token: string | null; deployed: boolean };
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
    if (path === systemPaths.ready) {
      try {
        await deps.storage.ping();
      } catch {
        return error(res, 'not_ready', 'Storage is not reachable');
      }
      return json(res, 200, { status: 'ready', storage: deps.storage.kind });
    }
    if (path === systemPaths.metrics) {
      if (!mayReadMetrics(req, deps.access))
        return error(res, 'metrics_forbidden', 'Send the METRICS_TOKEN as a bearer token');
      const { registry } = deps.metrics;
      const body = await registry.metrics();
      res.writeHead(200, { 'content-type': registry.contentType });
      return res.end(body);
    }
    return error(res, 'not_found', 'Not found');
  };

  const server: Server = createServer((req, res) => {
    answer(req, res).catch(() => {
      if (!res.headersSent) error(res, 'internal_error', 'Something went wrong on our side');
      else res.destroy();
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
