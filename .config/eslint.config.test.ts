/**
 * The package boundaries the lint holds: nothing outside packages/server imports the server's
 * modules, whichever way it spells the import; the contract is what they share.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  overrideConfigFile: fileURLToPath(new URL('./eslint.config.js', import.meta.url)),
});

async function importErrors(filePath: string, specifier: string) {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport { x };\n`, {
    filePath,
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('lint: the server is not a library, and the contract is used by its entry points', () => {
  it.each([
    ['packages/app/src/features/x.ts', '@parlance/server'],
    ['packages/app/src/features/x.ts', '@parlance/server/contract'],
    ['packages/app/src/features/x.ts', '../../../server/src/db/index.js'],
    ['mocks/src/x.ts', '../../packages/server/test/behaviour/transcriptList'],
    ['packages/ui/src/x.ts', '@parlance/server/money'],
    ['packages/contract/src/x.ts', '../../server/src/billing/money.js'],
    ['packages/app/e2e/x.e2e.ts', '../../server/src/config.js'],
    ['vite.config.ts', './packages/server/src/http/spa.ts'],
    ['.storybook/x.ts', '../packages/server/scripts/openapi.ts'],
    // Files of the contract that are not its entry points.
    ['packages/server/src/x.ts', '@parlance/contract/apiPaths'],
    ['packages/app/src/features/x.ts', '@parlance/contract/billing'],
    ['mocks/src/x.ts', '@parlance/contract/src/money'],
  ])('refuses %s importing %s', async (filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).not.toEqual([]);
  });

  it.each([
    ['packages/app/src/features/x.ts', '@parlance/contract'],
    ['mocks/src/x.ts', '@parlance/contract/endpoints'],
    ['packages/app/e2e/x.e2e.ts', '@parlance/contract/openapi.json'],
    ['packages/server/src/x.ts', './db/index.js'],
    ['packages/server/test/x.test.ts', '../src/db/index.js'],
  ])('lets %s import %s', async (filePath, specifier) => {
    expect(await importErrors(filePath, specifier)).toEqual([]);
  });
});

describe('lint: the web app loads no schemas', () => {
  const ruleMessages = async (source: string, filePath: string) => {
    const [result] = await eslint.lintText(source, { filePath });
    return (result?.messages ?? []).filter(
      (message) => message.ruleId === '@typescript-eslint/no-restricted-imports',
    );
  };

  it('refuses a value from @parlance/contract in the app, and lets a type through', async () => {
    const file = 'packages/app/src/features/x.ts';
    expect(
      await ruleMessages(
        `import { BillingInfo } from '@parlance/contract';\nexport { BillingInfo };\n`,
        file,
      ),
    ).not.toEqual([]);
    expect(
      await ruleMessages(
        `import type { BillingInfo } from '@parlance/contract';\nexport type { BillingInfo };\n`,
        file,
      ),
    ).toEqual([]);
    expect(
      await ruleMessages(
        `import { AUTO_TOP_UP_INTERVAL_MINUTES } from '@parlance/contract/endpoints';\nexport { AUTO_TOP_UP_INTERVAL_MINUTES };\n`,
        file,
      ),
    ).toEqual([]);
  });
});
