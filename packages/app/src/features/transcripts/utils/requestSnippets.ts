import { transcriptPaths } from '@parlance/contract/endpoints';

/** The request the playground sent, to repeat from code. */
export interface SnippetRequest {
  /** Base URL of the API, e.g. https://parlance.example.com. */
  baseUrl: string;
  /** The uploaded file's name, or null when the audio comes from the `audio_url` field. */
  fileName: string | null;
  /** The text fields sent, in order (`transcriptFields`); a name repeats for a list. */
  fields: [string, string][];
}

export interface Snippets {
  curl: string;
  node: string;
  python: string;
}

const quoteShell = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
const quoteJs = (value: string) => JSON.stringify(value);
const quotePy = (value: string) => JSON.stringify(value);
/** One value, or a list of them: requests sends a list as the field repeated. */
const pyValue = ([first = '', ...rest]: string[]) =>
  rest.length === 0 ? quotePy(first) : `[${[first, ...rest].map(quotePy).join(', ')}]`;

/** Equivalent calls of POST /v1/transcript with curl, Node (fetch) and Python (requests). */
export function requestSnippets(request: SnippetRequest): Snippets {
  const url = `${request.baseUrl.replace(/\/$/, '')}${transcriptPaths.submit}`;
  const { fields, fileName: file } = request;
  const pythonData = new Map<string, string[]>();
  for (const [name, value] of fields)
    pythonData.set(name, [...(pythonData.get(name) ?? []), value]);

  const curl = [
    `curl -X POST ${quoteShell(url)}`,
    `  -H "Authorization: Bearer $PARLANCE_API_KEY"`,
    ...(file ? [`  -F ${quoteShell(`file=@${file}`)}`] : []),
    // --form-string: with -F, a value starting with @ or < would be read from a file.
    ...fields.map(([name, value]) => `  --form-string ${quoteShell(`${name}=${value}`)}`),
  ].join(' \\\n');

  const node = [
    ...(file ? [`import { readFile } from 'node:fs/promises';`, ''] : []),
    'const form = new FormData();',
    ...(file
      ? [`form.append('file', new Blob([await readFile(${quoteJs(file)})]), ${quoteJs(file)});`]
      : []),
    ...fields.map(([name, value]) => `form.append(${quoteJs(name)}, ${quoteJs(value)});`),
    '',
    `const response = await fetch(${quoteJs(url)}, {`,
    `  method: 'POST',`,
    '  headers: { Authorization: `Bearer ${process.env.PARLANCE_API_KEY}` },',
    '  body: form,',
    '});',
    'const job = await response.json();',
    'console.log(job.id, job.status);',
  ].join('\n');

  const python = [
    'import os',
    'import requests',
    '',
    'response = requests.post(',
    `    ${quotePy(url)},`,
    '    headers={"Authorization": f"Bearer {os.environ[\'PARLANCE_API_KEY\']}"},',
    // With no file, requests would form-encode `data`, which the API does not take: JSON then.
    `    ${file ? 'data' : 'json'}={${[...pythonData].map(([name, values]) => `${quotePy(name)}: ${pyValue(values)}`).join(', ')}},`,
    ...(file ? [`    files={"file": open(${quotePy(file)}, "rb")},`] : []),
    ')',
    'job = response.json()',
    'print(job["id"], job["status"])',
  ].join('\n');

  return { curl, node, python };
}
