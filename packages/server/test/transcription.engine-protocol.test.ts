/** The engine protocol's TypeScript types are the ones packages/engine/protocol.schema.json gives. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { protocolPath, renderEngineProtocol } from '../scripts/engine-protocol.js';

describe('engine protocol types', () => {
  it('has an up-to-date src/transcription/engine/protocol.ts (run `npm run engine-protocol -w @parlance/server`)', async () => {
    expect(await readFile(protocolPath, 'utf8')).toBe(await renderEngineProtocol());
  });
});
