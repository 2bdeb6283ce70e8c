/**
 * Writes src/transcription/engine/protocol.ts, the engine protocol's message types, from
 * packages/engine/protocol.schema.json: `npm run engine-protocol -w @parlance/server`.
 * test/transcription.engine-protocol.test.ts fails when the committed file differs from what the
 * schema produces.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import * as prettier from 'prettier';

export const schemaPath = fileURLToPath(
  new URL('../../engine/protocol.schema.json', import.meta.url),
);
export const protocolPath = fileURLToPath(
  new URL('../src/transcription/engine/protocol.ts', import.meta.url),
);

const banner = `/**
 * Generated from packages/engine/protocol.schema.json by packages/server/scripts/engine-protocol.ts:
 * change the schema, then run \`npm run engine-protocol -w @parlance/server\`.
 */`;

/** The types as committed: formatted by the repo's Prettier. */
export async function renderEngineProtocol(): Promise<string> {
  const schema = JSON.parse(await readFile(schemaPath, 'utf8')) as JSONSchema;
  const types = await compile(schema, 'EngineMessage', {
    bannerComment: banner,
    format: false,
    // The schema lets either side add members the other ignores; what this side sends and reads
    // is exactly the listed ones.
    additionalProperties: false,
  });
  const options = await prettier.resolveConfig(protocolPath);
  return prettier.format(types, { ...options, parser: 'typescript' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(protocolPath, await renderEngineProtocol());
  console.log(`wrote ${protocolPath}`);
}
