// tsc does not copy hand-written .d.ts files, so the styled-components DefaultTheme augmentation
// (src/theme/styled.d.ts) is copied into dist and referenced from the package's main typings.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
copyFileSync(
  new URL('../src/theme/styled.d.ts', import.meta.url),
  new URL('theme/styled.d.ts', dist),
);
const index = new URL('index.d.ts', dist);
const reference = '/// <reference path="./theme/styled.d.ts" />\n';
const typings = readFileSync(index, 'utf8');
if (!typings.startsWith(reference)) writeFileSync(index, reference + typings);
