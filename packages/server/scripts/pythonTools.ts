import { fileURLToPath } from 'node:url';

/**
 * A program of the Python environment fuzz/setup.sh builds at install (Schemathesis, the openai
 * SDK): `st`, `python`.
 */
export const pythonTool = (name: string): string =>
  fileURLToPath(
    new URL(`../../../node_modules/.cache/parlance-fuzz-venv/bin/${name}`, import.meta.url),
  );
