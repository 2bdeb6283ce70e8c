/**
 * `npm run bench:api -w @parlance/server`: for each storage backend, starts the server, signs a
 * user in, and load-tests a bare route and two authenticated ones in one run, all on 127.0.0.1,
 * printing each route's rate as a ratio to the bare route's in the same run. The routes take turns
 * one second at a time (after a discarded warm-up turn), so a machine whose load changes during
 * the run slows them alike and the ratios stay comparable.
 * BENCH_BACKEND (pglite or postgres; both by default, PostgreSQL from TEST_DATABASE_URL),
 * BENCH_SECONDS (seconds per route, default 5) and BENCH_CONNECTIONS (default 10) tune the run.
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
    const rows = targets.map((target) => ({
      ...target,
      requests: 0,
      seconds: 0,
      p99: 0,
      non2xx: 0,
    }));
    for (let turn = 0; turn <= seconds; turn++) {
      for (const row of rows) {
        const result = await autocannon({
          url: `${server.url}${row.path}`,
          headers: row.headers,
          connections,
          duration: 1,
        });
        row.non2xx += result.non2xx;
        if (turn === 0) continue;
        row.requests += result.requests.total;
        row.seconds += result.duration;
        row.p99 = Math.max(row.p99, result.latency.p99);
      }
    }
    const rps = (row: (typeof rows)[number]) => row.requests / row.seconds;
    const bare = rows[0] ? rps(rows[0]) : 1;
    // The machine's load beside the figures: a busy machine lowers every rate, not the ratios alone.
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    console.log(
      `\n${connections} connections, ${seconds}s per route, storage: ${server.storage.kind}, load average ${load}\n`,
    );
    // p99 is the worst of the one-second turns.
    console.log('route              req/s     p99 ms   vs /api/health   non-2xx');
    for (const row of rows) {
      console.log(
        `${row.path.padEnd(16)} ${rps(row).toFixed(0).padStart(7)} ${row.p99.toFixed(1).padStart(10)} ${(rps(row) / bare).toFixed(2).padStart(16)} ${String(row.non2xx).padStart(9)}`,
      );
    }
    if (rows.some((row) => row.non2xx > 0)) process.exitCode = 1;
  } finally {
    await server.close();
  }
}
