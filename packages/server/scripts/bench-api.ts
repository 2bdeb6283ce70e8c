/**
 * `npm run bench:api -w @parlance/server`: for each storage backend, starts the server, signs a
 * user in, and load-tests a bare route and two authenticated ones in one run, all on 127.0.0.1,
 * printing each route's rate as a ratio to the bare route's in the same run.
 * BENCH_BACKEND (pglite or postgres; both by default, PostgreSQL from TEST_DATABASE_URL),
 * BENCH_SECONDS (default 5) and BENCH_CONNECTIONS (default 10) tune the run.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { backends, signUp, startServer, type Backend } from '../test/helpers.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const chosen = process.env.BENCH_BACKEND;
if (chosen !== undefined && !backends.includes(chosen as Backend))
  throw new Error(`BENCH_BACKEND must be one of ${backends.join(', ')}, not "${chosen}"`);

for (const backend of chosen ? [chosen as Backend] : backends) await bench(backend);

async function bench(backend: Backend): Promise<void> {
  const server = await startServer({ backend, env: { LOG_LEVEL: 'silent' } });
  try {
    const { api } = await signUp(server, { name: 'Bench' });
    await api.post('/api/api-keys', { name: 'bench key' });
    const cookie = api.jar.header() ?? '';
    const targets = [
      { path: '/api/health', headers: {} },
      { path: '/api/auth/me', headers: { cookie } },
      { path: '/api/api-keys', headers: { cookie } },
    ];
    const rows: { path: string; rps: number; p99: number; non2xx: number }[] = [];
    for (const target of targets) {
      const result = await autocannon({
        url: `${server.url}${target.path}`,
        headers: target.headers,
        connections,
        duration: seconds,
      });
      rows.push({
        path: target.path,
        rps: result.requests.average,
        p99: result.latency.p99,
        non2xx: result.non2xx,
      });
    }
    const bare = rows[0]?.rps ?? 1;
    // The machine's load beside the figures: a busy machine lowers every rate, not the ratios alone.
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    console.log(
      `\n${connections} connections, ${seconds}s per route, storage: ${server.storage.kind}, load average ${load}\n`,
    );
    console.log('route              req/s     p99 ms   vs /api/health   non-2xx');
    for (const row of rows) {
      console.log(
        `${row.path.padEnd(16)} ${row.rps.toFixed(0).padStart(7)} ${row.p99.toFixed(1).padStart(10)} ${(row.rps / bare).toFixed(2).padStart(16)} ${String(row.non2xx).padStart(9)}`,
      );
    }
    if (rows.some((row) => row.non2xx > 0)) process.exitCode = 1;
  } finally {
    await server.close();
  }
}
