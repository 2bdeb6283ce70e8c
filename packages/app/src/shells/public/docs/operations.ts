/** A JSON Schema, as the OpenAPI document writes one (the parts the reference reads). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema | undefined>;
  required?: readonly string[];
  default?: unknown;
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: readonly string[];
  parameters?: readonly {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: JsonSchema;
  }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}

/** The parts of an OpenAPI document the reference lists. */
export interface OpenApiPaths {
  [path: string]: { [method: string]: OpenApiOperation | undefined } | undefined;
}

/** The document's sections, in its order, with their titles. */
export type OpenApiTags = readonly { name: string; 'x-displayName'?: string }[];

/** The document's named schemas, which `$ref`s point at. */
export type OpenApiSchemas = Record<string, JsonSchema | undefined>;

/** One thing a request can send: a path or query parameter, or a field of its body. */
export interface Field {
  name: string;
  where: 'path' | 'query' | 'header' | 'body';
  required: boolean;
  /** Its type and the rules a value must keep ("integer, 1 to 100, default 10"). */
  type: string;
  description: string;
}

export interface Operation {
  method: string;
  path: string;
  summary: string;
  description: string;
  fields: Field[];
  /** Every status it answers with, in order (success first). */
  statuses: string[];
}

export interface OperationGroup {
  tag: string;
  title: string;
  operations: Operation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Every operation of the document, grouped by its first tag, in the document's order of tags
 * (operations of a tag it does not list come last), with what each takes and answers.
 */
export function groupOperations(
  paths: OpenApiPaths,
  tags: OpenApiTags,
  schemas: OpenApiSchemas = {},
): OperationGroup[] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const list = groups.get(tag) ?? [];
      list.push({
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        fields: fieldsOf(operation, schemas),
        statuses: Object.keys(operation.responses ?? {}).sort(),
      });
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

/** Parameters, then the body's fields (of its first media type: multipart and JSON take the same). */
function fieldsOf(operation: OpenApiOperation, schemas: OpenApiSchemas): Field[] {
  const parameters: Field[] = (operation.parameters ?? []).map((p) => {
    const schema = resolve(p.schema ?? {}, schemas);
    return {
      name: p.name,
      where: p.in === 'path' || p.in === 'query' || p.in === 'header' ? p.in : 'query',
      required: p.required ?? false,
      type: typeOf(schema, schemas),
      description: p.description ?? schema.description ?? '',
    };
  });
  const content = Object.values(operation.requestBody?.content ?? {})[0];
  const body = resolve(content?.schema ?? {}, schemas);
  const fields: Field[] = Object.entries(body.properties ?? {}).flatMap(([name, raw]) => {
    if (!raw) return [];
    const schema = resolve(raw, schemas);
    return {
      name,
      where: 'body',
      required: body.required?.includes(name) ?? false,
      type: typeOf(schema, schemas),
      description: schema.description ?? raw.description ?? '',
    } satisfies Field;
  });
  return [...parameters, ...fields];
}

function resolve(schema: JsonSchema, schemas: OpenApiSchemas): JsonSchema {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  return name === undefined ? schema : { ...(schemas[name] ?? {}), ...schema, $ref: undefined };
}

/** A schema in words: its type, then its rules ("string, at most 2048 characters"). */
export function typeOf(raw: JsonSchema, schemas: OpenApiSchemas = {}): string {
  const schema = resolve(raw, schemas);
  const rules: string[] = [];
  let type: string;
  if (schema.enum) type = `one of ${schema.enum.map(String).join(', ')}`;
  else if (schema.anyOf ?? schema.oneOf)
    type = (schema.anyOf ?? schema.oneOf ?? [])
      .filter((option) => option.type !== 'null')
      .map((option) => typeOf(option, schemas))
      .join(' or ');
  else if (schema.type === 'array')
    type = `list of ${schema.items ? typeOf(schema.items, schemas) : 'values'}`;
  else
    type = [schema.type ?? 'any']
      .flat()
      .filter((t) => t !== 'null')
      .join(' or ');
  if (schema.format === 'uri') type = `${type} (URL)`;
  else if (schema.format === 'date-time') type = `${type} (ISO 8601 time)`;
  else if (schema.format === 'uuid') type = `${type} (id)`;
  const range = (low: number | undefined, high: number | undefined, unit: string) => {
    if (low !== undefined && high !== undefined) rules.push(`${low} to ${high}${unit}`);
    else if (high !== undefined) rules.push(`at most ${high}${unit}`);
    else if (low !== undefined && low > 0) rules.push(`at least ${low}${unit}`);
  };
  range(schema.minimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  if (schema.default !== undefined) rules.push(`default ${String(schema.default)}`);
  return [type, ...rules].join(', ');
}
