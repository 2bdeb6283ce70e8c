import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const contractDir = fileURLToPath(new URL('../src/contract/', import.meta.url));

describe('the API contract (@parlance/server/contract)', () => {
  it('imports nothing but zod and its own files, so the browser can bundle it', async () => {
    const files = (await readdir(contractDir)).filter((name) => name.endsWith('.ts'));
    expect(files).toEqual(
      expect.arrayContaining(['index.ts', 'common.ts', 'auth.ts', 'apiKeys.ts']),
    );
    for (const file of files) {
      const source = await readFile(`${contractDir}${file}`, 'utf8');
      const specifiers = [...source.matchAll(/\bfrom\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map(
        (match) => match[1] ?? match[2],
      );
      for (const specifier of specifiers) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^(zod|\.\/[\w.-]+\.js)$/);
      }
    }
  });

  it('is what the package exports', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, string>;
    };
    expect(pkg.exports['./contract']).toBe('./src/contract/index.ts');
    const contract = await import('@parlance/server/contract');
    expect(contract.ErrorResponse.parse({ message: 'm', code: 'c' })).toEqual({
      message: 'm',
      code: 'c',
    });
  });
});
