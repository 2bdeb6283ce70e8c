/**
 * A bounded run of `npm run fuzz` (scripts/fuzz.ts --smoke): Schemathesis sends a few generated
 * requests to each operation of the published schema on a real server (all but the uploads and
 * the known findings listed in the script); none may answer 5xx and none may break the schema.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverRoot = fileURLToPath(new URL('../', import.meta.url));
/** Kills a run that hangs; the smoke takes about a minute on two cores. */
const RUN_LIMIT_MS = 300_000;

function runFuzz(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/fuzz.ts', ...args], {
      cwd: serverRoot,
      timeout: RUN_LIMIT_MS,
      killSignal: 'SIGTERM',
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** The figure the runner printed on the summary line `label   N`. */
function figure(output: string, label: string): number {
  const match = new RegExp(`^${label}\\s+(\\d+)$`, 'm').exec(output);
  if (!match?.[1]) throw new Error(`no "${label}" line in the fuzz output:\n${output}`);
  return Number(match[1]);
}

describe('API fuzz smoke (Schemathesis)', () => {
  it(
    'tests every operation it selects: no 5xx, no answer outside the schema',
    async () => {
      const { code, output } = await runFuzz(['--smoke']);
      const operations = /^operations tested\s+(\d+) of (\d+)$/m.exec(output);
      expect(operations, output).not.toBeNull();
      expect(Number(operations?.[1]), output).toBe(Number(operations?.[2]));
      expect(figure(output, 'requests sent'), output).toBeGreaterThan(500);
      expect(figure(output, '5xx answers'), output).toBe(0);
      expect(figure(output, 'schema violations'), output).toBe(0);
      expect(output).not.toMatch(/^schemathesis errors/m);
      expect(code, output).toBe(0);
    },
    RUN_LIMIT_MS + 30_000,
  );
});
