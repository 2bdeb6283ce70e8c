/** The parts of an OpenAPI document the reference lists. */
export interface OpenApiPaths {
  [path: string]:
    { [method: string]: { summary?: string; tags?: string[] } | undefined } | undefined;
}

/** The document's sections, in its order, with their titles. */
export type OpenApiTags = readonly { name: string; 'x-displayName'?: string }[];

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

/**
 * Every operation of the document, grouped by its first tag, in the document's order of tags
 * (operations of a tag it does not list come last).
 */
export function groupOperations(paths: OpenApiPaths, tags: OpenApiTags): OperationGroup[] {
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
  const order = tags.map(({ name }) => name);
  const rank = (tag: string) => (order.includes(tag) ? order.indexOf(tag) : order.length);
  const title = (tag: string) => tags.find(({ name }) => name === tag)?.['x-displayName'] ?? tag;
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([tag, operations]) => ({ tag, title: title(tag), operations }));
}
