/**
 * The package as a consumer gets it: build (unless dist is newer than every source file), `npm pack`,
 * unpack the tarball into a throwaway project's node_modules (offline: the peer and runtime
 * dependencies are symlinked from this repo's install), then server-render components from both
 * entry points (`@parlance/ui` and `@parlance/ui/charts`) inside a ThemeProvider.
 */
import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(packageDir, '..', '..');
const linked = ['react', 'react-dom', 'styled-components', 'victory', 'react-toastify'];

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function distIsFresh(): boolean {
  try {
    const built = Math.min(
      statSync(join(packageDir, 'dist/index.js')).mtimeMs,
      statSync(join(packageDir, 'dist/index.d.ts')).mtimeMs,
    );
    return built > newestSource(join(packageDir, 'src'));
  } catch {
    return false;
  }
}

let consumer: string;

beforeAll(() => {
  if (!distIsFresh()) execFileSync('npm', ['run', 'build'], { cwd: packageDir, stdio: 'pipe' });

  consumer = mkdtempSync(join(tmpdir(), 'parlance-ui-consumer-'));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', consumer], {
      cwd: packageDir,
      encoding: 'utf8',
    }),
  ) as { filename: string }[];
  const installed = join(consumer, 'node_modules', '@parlance', 'ui');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', [
    '-xzf',
    join(consumer, packed!.filename),
    '-C',
    installed,
    '--strip-components=1',
  ]);
  for (const name of linked) {
    const target = join(consumer, 'node_modules', name);
    mkdirSync(dirname(target), { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules', name), target, 'dir');
  }
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  writeFileSync(
    join(consumer, 'render.js'),
    `import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { ThemeProvider } from 'styled-components';
import { StatCard, StatusPill, lightTheme } from '@parlance/ui';
import { UsageChart } from '@parlance/ui/charts';

const html = renderToString(
  h(ThemeProvider, { theme: lightTheme },
    h(StatCard, { label: 'Total usage', value: '1,284 min', change: '+12%', trend: 'up' }),
    h(StatusPill, { status: 'processing', percent: 40 }),
    h(UsageChart, { data: [{ name: 'Jun', usage: 320 }, { name: 'Jul', usage: 410 }] }),
  ),
);
process.stdout.write(html);
`,
  );
}, 240_000);

afterAll(() => {
  if (consumer) rmSync(consumer, { recursive: true, force: true });
});

describe('@parlance/ui as a packed dependency', () => {
  it('ships only dist with both entry points and their typings', () => {
    const dist = readdirSync(join(consumer, 'node_modules/@parlance/ui/dist'));
    expect(dist).toEqual(
      expect.arrayContaining(['index.js', 'charts.js', 'index.d.ts', 'charts.d.ts']),
    );
    const top = readdirSync(join(consumer, 'node_modules/@parlance/ui')).sort();
    expect(top).not.toContain('src');
  });

  it('server-renders components from both entry points inside a ThemeProvider', () => {
    const html = execFileSync('node', ['render.js'], { cwd: consumer, encoding: 'utf8' });
    expect(html).toContain('Total usage');
    expect(html).toContain('1,284 min');
    expect(html).toMatch(/Processing(<!-- -->)? 40%/);
    expect(html).toContain('Usage by month');
    expect(html).toMatch(/<svg[^>]*role="img"/);
  });
});
