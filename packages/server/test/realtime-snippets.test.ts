/**
 * The docs' live-stream examples, run as written (Node.js with ws, Python with websockets)
 * against a real server: they print the phrases of the clip and the billed seconds.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeNode, realtimePython } from '../../app/src/content/realtimeSnippets.js';
import { pythonTool } from '../scripts/pythonTools.js';
import type { TestServer } from './helpers.js';
import { customer, fixture, startTranscriptionServer } from './transcription-helpers.js';

const run = promisify(execFile);
/** Inside the repository, so the Node example's `import 'ws'` resolves as it would in a project. */
const scriptDir = fileURLToPath(
  new URL('../../../node_modules/.cache/parlance-snippets/', import.meta.url),
);

/** The first `seconds` of jfk.wav as a WAV of its own (16 kHz mono s16le). */
async function clip(seconds: number): Promise<Buffer> {
  const wav = await readFile(fixture('jfk.wav'));
  const start = wav.indexOf('data') + 8;
  const pcm = wav.subarray(start, start + seconds * 32_000);
  const header = Buffer.from(wav.subarray(0, 44));
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  header.writeUInt32LE(36 + pcm.length, 4);
  return Buffer.concat([header, pcm]);
}

describe('the docs live-stream examples', () => {
  let server: TestServer;
  let env: NodeJS.ProcessEnv;
  let cwd: string;
  beforeAll(async () => {
    server = await startTranscriptionServer();
    const who = await customer(server, 100);
    env = { ...process.env, PARLANCE_API_KEY: who.auth.authorization.replace('Bearer ', '') };
    cwd = await mkdtemp(join(tmpdir(), 'parlance-snippet-'));
    await writeFile(join(cwd, 'meeting.wav'), await clip(4));
    await mkdir(scriptDir, { recursive: true });
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await rm(cwd, { recursive: true, force: true });
  });

  const expectTranscript = (stdout: string) => {
    expect(stdout.toLowerCase()).toMatch(/and so,? my fellow americans/);
    expect(stdout).toMatch(/^saved [0-9a-f-]{36}: 4 s billed$/m);
  };

  it('Node.js', async () => {
    const script = join(scriptDir, 'realtime.mjs');
    await writeFile(script, realtimeNode(server.url).code);
    const { stdout } = await run(process.execPath, [script], { cwd, env, timeout: 60_000 });
    expectTranscript(stdout);
  });

  it('Python', async () => {
    const script = join(cwd, 'realtime.py');
    await writeFile(script, realtimePython(server.url).code);
    const { stdout } = await run(pythonTool('python'), [script], { cwd, env, timeout: 60_000 });
    expectTranscript(stdout);
  });
});
