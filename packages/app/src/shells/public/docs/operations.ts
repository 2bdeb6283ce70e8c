/** The parts of an OpenAPI document the reference lists. */
export interface OpenApiPaths {
  [path: string]:
    { [method: string]: { summary?: string; tags?: string[] } | undefined } | undefined;
}

export interface Operation {
  method: string;
  path: string;
  summary: string;
}

export interface OperationGroup {
  tag: string;
  title: string;
  operations: Operation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Tag order and titles: the public API first, then what the dashboard uses. */
const GROUPS: Record<string, string> = {
  transcription: 'Transcription',
  openai: 'OpenAI-compatible',
  'api-keys': 'API keys',
  billing: 'Billing',
  usage: 'Usage',
  account: 'Account',
  auth: 'Sign-in and sessions',
  support: 'Support',
  system: 'System',
};

/** Every operation of the document, grouped by its first tag, in a reading order. */
export function groupOperations(paths: OpenApiPaths): OperationGroup[] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const list = groups.get(tag) ?? [];
      list.push({ method: method.toUpperCase(), path, summary: operation.summary ?? '' });
      groups.set(tag, list);
    }
  }
  const order = Object.keys(GROUPS);
  const rank = (tag: string) => (order.includes(tag) ? order.indexOf(tag) : order.length);
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([tag, operations]) => ({ tag, title: GROUPS[tag] ?? tag, operations }));
}
