/**
 * The signature checks the API docs give customers accept what the server sends, and refuse a
 * changed body, another account's secret and a stale timestamp. Each runs in its own language.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { webhookVerifyNode, webhookVerifyPython } from '../../app/src/content/docsSnippets.js';
import { signatureHeader } from '../src/transcription/webhooks.js';

const SECRET = 'whsec_3f9a1c7e5b2d8046a1e9c3b7f5d20864ae1c9b3f7d5e2048c6a1e9b3d7f50286';
const BODY = JSON.stringify({ id: '3b9d2f5e-0000-4000-8000-000000000001', status: 'completed' });

function runNode(body: string, header: string, secret: string): boolean {
  const call = `\nconsole.log(verifyParlance(${JSON.stringify(body)}, ${JSON.stringify(header)}, ${JSON.stringify(secret)}));`;
  return (
    execFileSync(process.execPath, ['--input-type=module', '-e', webhookVerifyNode.code + call])
      .toString()
      .trim() === 'true'
  );
}

function runPython(body: string, header: string, secret: string): boolean {
  const call = `\nprint(verify_parlance(${JSON.stringify(body)}.encode(), ${JSON.stringify(header)}, ${JSON.stringify(secret)}))`;
  return (
    execFileSync('python3', ['-c', webhookVerifyPython.code + call])
      .toString()
      .trim() === 'True'
  );
}

describe.each([
  ['Node.js', runNode],
  ['Python', runPython],
])('the %s webhook check from the docs', (_, verify) => {
  it('accepts a delivery the server signed', () => {
    expect(verify(BODY, signatureHeader(SECRET, BODY), SECRET)).toBe(true);
  });

  it('refuses a changed body, another secret and a five-minute-old signature', () => {
    const header = signatureHeader(SECRET, BODY);
    expect(verify(BODY.replace('completed', 'error'), header, SECRET)).toBe(false);
    expect(verify(BODY, header, `${SECRET.slice(0, -1)}0`)).toBe(false);
    const stale = signatureHeader(SECRET, BODY, Math.floor(Date.now() / 1000) - 301);
    expect(verify(BODY, stale, SECRET)).toBe(false);
  });
});
