/**
 * The mocks cannot drift from the server: every `default` and `empty` HTTP handler of every domain
 * is called, and its answer must be a response the server's OpenAPI document declares for that
 * route and status, with a body valid against the declared JSON schema. (WebSocket handlers have no
 * OpenAPI answer: transcripts.test.ts parses the live stream's messages with the contract.)
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  getResponse,
  HttpHandler,
  WebSocketHandler,
  type AnyHandler,
  type RequestHandler,
} from 'msw';
import { describe, expect, test } from 'vitest';
import openApiDocument from '@parlance/contract/openapi.json';
import { examples, scenariosByDomain } from './index';

interface OpenApiResponse {
  content?: Record<string, { schema?: unknown }>;
}
interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, OpenApiResponse> } | undefined>
  >;
}

const document = openApiDocument as unknown as OpenApiDocument;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...document, $id: 'openapi' });

const BASE = 'http://localhost';
const SAMPLE_ID = '00000000-0000-4000-8000-000000000001';

/** `/api/api-keys/:id` → `/api/api-keys/{id}` */
const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const pointer = (...parts: string[]) =>
  parts.map((part) => encodeURIComponent(part.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

function requestFor(handler: RequestHandler) {
  if (!(handler instanceof HttpHandler))
    throw new Error(`Not an HTTP handler: ${handler.info.header}`);
  const method = String(handler.info.method);
  const path = String(handler.info.path);
  const example = examples.find(
    ({ endpoint }) => endpoint.method === method && endpoint.path === path,
  );
  const url = new URL(
    path.replace(
      /:(\w+)/g,
      (_, name: string) => example?.params?.[name] ?? (name === 'id' ? SAMPLE_ID : 'json'),
    ),
    BASE,
  );
  for (const [name, value] of Object.entries(example?.query ?? {}))
    url.searchParams.set(name, value);
  const hasBody = !['GET', 'HEAD'].includes(method);
  return {
    method,
    path,
    request: new Request(url, {
      method,
      headers: hasBody ? { 'content-type': 'application/json' } : undefined,
      body: hasBody ? JSON.stringify(example?.body ?? {}) : undefined,
    }),
  };
}

const cases = Object.entries(scenariosByDomain).flatMap(([domain, scenarios]) =>
  (['default', 'empty'] as const).flatMap((scenario) =>
    scenarios[scenario].flatMap((handler: AnyHandler, index) =>
      handler instanceof WebSocketHandler ? [] : [{ domain, scenario, handler, index }],
    ),
  ),
);

describe('mock responses match the server contract', () => {
  test.each(
    cases.map(
      (c) => [`${c.domain}.${c.scenario} #${c.index} ${c.handler.info.header}`, c] as const,
    ),
  )('%s', async (_, { handler }) => {
    const { method, path, request } = requestFor(handler);
    const response = await getResponse([handler], request, { baseUrl: BASE });
    expect(response, 'the handler answered').toBeDefined();
    if (!response) return;

    const operation = document.paths[toOpenApiPath(path)]?.[method.toLowerCase()];
    expect(operation, `${method} ${toOpenApiPath(path)} is in the OpenAPI document`).toBeDefined();
    const declared = operation?.responses?.[String(response.status)];
    expect(declared, `status ${response.status} is declared for ${method} ${path}`).toBeDefined();

    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('application/json')) return;
    const schema = declared?.content?.['application/json']?.schema;
    expect(schema, 'a JSON schema is declared for this answer').toBeDefined();
    const validate = ajv.compile({
      $ref: `openapi#/${pointer('paths', toOpenApiPath(path), method.toLowerCase(), 'responses', String(response.status), 'content', 'application/json', 'schema')}`,
    });
    const body: unknown = await response.json();
    const valid = validate(body);
    expect(validate.errors ?? [], JSON.stringify(body).slice(0, 300)).toEqual([]);
    expect(valid).toBe(true);
  });
});
