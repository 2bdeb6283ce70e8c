import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const sourceDir = new URL('./', import.meta.url);

describe('@parlance/contract', () => {
  it('imports nothing but zod and its own files, so the browser can bundle it', async () => {
    const files = (await readdir(sourceDir)).filter(
      (name) => name.endsWith('.ts') && !name.endsWith('.test.ts'),
    );
    expect(files).toEqual(expect.arrayContaining(['index.ts', 'endpoints.ts', 'money.ts']));
    for (const file of files) {
      const source = await readFile(new URL(file, sourceDir), 'utf8');
      const specifiers = [...source.matchAll(/\bfrom\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)].map(
        (match) => match[1] ?? match[2],
      );
      for (const specifier of specifiers) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^(zod|\.\/[\w.-]+\.js)$/);
      }
    }
  });

  it('exports each entry point built from the source file of its name', async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, string | { types: string; import: string }>;
    };
    const entries = Object.entries(pkg.exports).filter(
      (entry): entry is [string, { types: string; import: string }] => typeof entry[1] === 'object',
    );
    expect(entries.map(([name]) => name)).toEqual(['.', './endpoints', './money', './calendar']);
    for (const [name, target] of entries) {
      const file = name === '.' ? 'index' : name.slice(2);
      expect(target).toEqual({ types: `./dist/${file}.d.ts`, import: `./dist/${file}.js` });
      await expect(readFile(new URL(`${file}.ts`, sourceDir), 'utf8')).resolves.toContain('export');
    }
    const contract = await import('./index.js');
    expect(contract.ErrorResponse.parse({ message: 'm', code: 'not_found' })).toEqual({
      message: 'm',
      code: 'not_found',
    });
    // The codes are the API's list: one it does not have is not an answer of this server.
    expect(contract.ErrorResponse.safeParse({ message: 'm', code: 'c' }).success).toBe(false);
  });
});
