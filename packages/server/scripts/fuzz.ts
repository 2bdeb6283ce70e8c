/**
 * `npm run fuzz`: schema-driven fuzzing of the API with Schemathesis. Starts the real server on
 * embedded storage, signs up its users (see identities()), and lets Schemathesis generate
 * requests for every operation of /api/openapi.json (the dashboard's with a session cookie and
 * the server's own Origin, /v1 with a Bearer key). Prints the requests sent, the 5xx answers and
 * the answers that break the published schema (status code, content type, body); exits 1 if
 * there is any of either.
 *
 *   npm run fuzz                       full run: every phase, every operation (minutes)
 *   tsx scripts/fuzz.ts --smoke        bounded run of `npm test` (fuzz.smoke.test.ts)
 *   --max-examples N, --seed N         override the run's size, replay a run
 *   --keep-reports                     keep the HAR and JSON reports of a passing run too
 *
 * Generated audio_url and webhook_url values can name any host, so the server and Schemathesis
 * run in a network namespace of their own with nothing but loopback: no fuzz request leaves it.
 * TEST_LOG_LEVEL=error shows the server's own account of each 5xx.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SESSION_COOKIE } from '../src/auth/sessions.js';
import { signUp, startServer, type ApiClient, type TestServer } from '../test/helpers.js';
import { customer } from '../test/transcription-helpers.js';
import { pythonTool } from './pythonTools.js';

const { values: options } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    'max-examples': { type: 'string' },
    seed: { type: 'string' },
    'keep-reports': { type: 'boolean', default: false },
  },
});

/** The checks this run counts: server errors, and answers outside the published schema. */
const CHECKS = [
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
];
/** Schemathesis's names for a 5xx; every other failure of these checks breaks the schema. */
const SERVER_ERRORS = new Set(['ServerError', 'ContentTypeServerError']);

/**
 * The smoke sends a few cases per operation and skips the stateful phase and the uploads (once
 * their multipart bodies are in the schema, each upload has the speech engine probe what it
 * was sent); its seed is fixed, so `npm test` sends the same requests every time. The full run
 * does everything, many times over, from a new seed each time (printed, for --seed).
 */
const profile = options.smoke
  ? {
      maxExamples: 5,
      phases: 'examples,coverage,fuzzing',
      exclude: ['/v1/transcript', '/v1/audio/transcriptions'],
      seed: '1',
    }
  : { maxExamples: 50, phases: 'examples,coverage,fuzzing,stateful', exclude: [], seed: undefined };

const st = pythonTool('st');
const INSIDE = 'PARLANCE_FUZZ_NETNS';

/**
 * Aborted by SIGINT or SIGTERM (a test's time limit, Ctrl-C): Schemathesis is stopped, then the
 * server closes and its files go, as after a finished run.
 */
const stopping = new AbortController();

if (process.env[INSIDE] === '1') process.exitCode = await fuzz();
else process.exitCode = await relaunchIsolated();

/** Runs this script again in a new network namespace whose only interface is loopback. */
async function relaunchIsolated(): Promise<number> {
  const child = spawn(
    'unshare',
    [
      '--net',
      '--map-root-user',
      '--',
      'sh',
      '-c',
      'ip link set lo up && exec "$@"',
      'sh',
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, [INSIDE]: '1' } },
  );
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  const [code, signal] = (await new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (...result) => resolve(result));
  })) as [number | null, NodeJS.Signals | null];
  if (code === null) console.error(`fuzz: stopped by ${signal}`);
  return code ?? 1;
}

async function fuzz(): Promise<number> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => stopping.abort(signal));
  const reachable = Object.keys(networkInterfaces()).filter((name) => name !== 'lo');
  if (reachable.length > 0) {
    console.error(`fuzz: refusing to run with network interfaces besides loopback: ${reachable}`);
    return 1;
  }
  if (!existsSync(st)) {
    console.error(`fuzz: ${st} is missing; run \`npm ci\` (or sh packages/server/fuzz/setup.sh)`);
    return 1;
  }
  // Generated requests should reach the handlers, not the per-address limits of sign-in.
  const server = await startServer({ env: { AUTH_RATE_LIMIT_EMAIL_MAX: '100000' } });
  const work = await mkdtemp(join(tmpdir(), 'parlance-fuzz-'));
  let failed = true;
  try {
    const config = join(work, 'schemathesis.toml');
    await writeFile(config, await identities(server));
    const seed = options.seed ?? profile.seed;
    const har = join(work, 'requests.har');
    const report = join(work, 'report.json');
    const args = [
      '--config-file',
      config,
      'run',
      `${server.url}/api/openapi.json`,
      '--checks',
      CHECKS.join(','),
      '--phases',
      profile.phases,
      '--max-examples',
      options['max-examples'] ?? String(profile.maxExamples),
      '--report',
      'har,json',
      '--report-har-path',
      har,
      '--report-json-path',
      report,
      '--no-color',
      ...profile.exclude.flatMap((path) => ['--exclude-path', path]),
      ...(seed ? ['--seed', seed] : []),
    ];
    const stExit = await run(st, args, work);
    if (stopping.signal.aborted) {
      console.error(`fuzz: stopped by ${stopping.signal.reason}`);
      return 1;
    }
    failed = summarize(
      stExit,
      JSON.parse(await readFile(har, 'utf8')),
      JSON.parse(await readFile(report, 'utf8')),
    );
    return failed ? 1 : 0;
  } finally {
    await server.close();
    // A failed run keeps its reports: the HAR holds every request and answer.
    const keep = (failed && !stopping.signal.aborted) || options['keep-reports'];
    if (keep) console.log(`reports kept in ${work}`);
    else await rm(work, { recursive: true, force: true });
  }
}

/**
 * Schemathesis's configuration: who it is on each security scheme of the schema. Three users, so
 * that no fuzzed call signs the run out of the rest: the dashboard's session belongs to one, the
 * API key (with credit, so submissions get past billing) to another, whose keys the dashboard
 * calls therefore cannot list, disable or delete, and "sign out everywhere" runs as a third.
 */
async function identities(server: TestServer): Promise<string> {
  const sessionOf = (api: ApiClient) => {
    const session = api.jar.get(SESSION_COOKIE);
    if (!session) throw new Error('sign-up left no session cookie');
    return session;
  };
  const dashboard = sessionOf((await signUp(server, { name: 'Fuzz Dashboard' })).api);
  const signingOut = sessionOf((await signUp(server, { name: 'Fuzz Sign-out' })).api);
  const key = (await customer(server, 500)).auth.authorization.replace(/^Bearer /, '');
  // A JSON string literal is a valid TOML basic string.
  const toml = JSON.stringify;
  return [
    // Cookie-authenticated mutations must carry the server's own origin (CSRF check).
    `headers = { Origin = ${toml(server.url)} }`,
    '[auth.openapi.session]',
    `api_key = ${toml(dashboard)}`,
    '[auth.openapi.apiKey]',
    `bearer = ${toml(key)}`,
    '[[operations]]',
    'include-path = "/api/auth/logout-all"',
    `headers = { Cookie = ${toml(`${SESSION_COOKIE}=${signingOut}`)} }`,
    '',
  ].join('\n');
}

/** Runs in `cwd`: Schemathesis and Hypothesis keep their caches in the working directory. */
function run(command: string, args: string[], cwd: string): Promise<number> {
  const child = spawn(command, args, { stdio: 'inherit', cwd, signal: stopping.signal });
  return new Promise((resolve, reject) => {
    child.once('error', (err) => {
      if (!stopping.signal.aborted) reject(err);
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

interface Har {
  log: { entries: { request: { method: string; url: string }; response: { status: number } }[] };
}

interface Report {
  operations: { selected: number; tested: number } | null;
  test_cases: { generated: number };
  failures: { type: string; code: string; title: string; count: number; operations: string[] }[];
  errors: { title: string; count: number }[];
}

/** Prints the figures of the run; true when it found anything (or could not finish). */
function summarize(stExit: number, har: Har, report: Report): boolean {
  const entries = har.log.entries;
  const serverErrors = new Map<string, number>();
  for (const { request, response } of entries) {
    if (response.status < 500) continue;
    const what = `${response.status} ${request.method} ${new URL(request.url).pathname}`;
    serverErrors.set(what, (serverErrors.get(what) ?? 0) + 1);
  }
  const serverErrorCount = [...serverErrors.values()].reduce((sum, count) => sum + count, 0);
  const violations = report.failures.filter((failure) => !SERVER_ERRORS.has(failure.type));
  const violationCount = violations.reduce((sum, failure) => sum + failure.count, 0);
  const errorCount = report.errors.reduce((sum, error) => sum + error.count, 0);
  const operations = report.operations ?? { selected: 0, tested: 0 };
  console.log('\n== parlance fuzz summary');
  console.log(`operations tested   ${operations.tested} of ${operations.selected}`);
  console.log(`requests sent       ${entries.length}`);
  console.log(`5xx answers         ${serverErrorCount}`);
  for (const [what, count] of serverErrors) console.log(`  ${what} x${count}`);
  // Schemathesis counts distinct failures: one per kind and operation, however often it recurred.
  console.log(`schema violations   ${violationCount}`);
  for (const failure of violations)
    console.log(`  ${failure.code} ${failure.title}: ${failure.operations.join(', ')}`);
  if (errorCount > 0) {
    console.log(`schemathesis errors ${errorCount}`);
    for (const error of report.errors) console.log(`  ${error.title} x${error.count}`);
  }
  return serverErrorCount > 0 || violationCount > 0 || errorCount > 0 || stExit !== 0;
}
