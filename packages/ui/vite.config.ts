/**
 * Library build of @parlance/ui: ESM, one file per entry (`.` and `./charts`), with React,
 * styled-components, victory and react-toastify left to the consumer's install.
 * Declarations come from `tsc -p tsconfig.build.json` (see package.json "build").
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const external = ['react', 'react-dom', 'styled-components', 'victory', 'react-toastify'];
const isExternal = (id: string) =>
  external.some((name) => id === name || id.startsWith(`${name}/`));

/**
 * styled-components publishes CommonJS to Node (no "exports" map), where a default import is the
 * whole module object. Its named `styled` export works for bundlers and Node alike, so the output
 * imports that instead: the package then also renders in plain Node (server-side rendering).
 */
const styledNamedImport: Plugin = {
  name: 'parlance:styled-named-import',
  renderChunk(code) {
    const rewritten = code.replace(
      /import styled(?:, \{ ([^}]*) \})? from "styled-components";/g,
      (_match, named?: string) =>
        `import { styled${named ? `, ${named}` : ''} } from "styled-components";`,
    );
    return rewritten === code ? null : { code: rewritten, map: null };
  },
};

export default defineConfig({
  root: here('.'),
  plugins: [react(), styledNamedImport],
  build: {
    outDir: here('./dist'),
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    lib: {
      entry: { index: here('./src/index.ts'), charts: here('./src/charts.ts') },
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    rolldownOptions: { external: isExternal },
  },
});
