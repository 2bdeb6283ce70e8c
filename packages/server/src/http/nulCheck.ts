import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

const MESSAGE = 'Text cannot contain the NUL character (U+0000)';

/**
 * PostgreSQL text cannot hold U+0000: a string carrying one reached the database and failed
 * there with a 500 (found by `npm run fuzz`). After validation, before any handler (and before
 * route preHandlers such as rate limits), the body, query and path parameters a route declares
 * are refused with the 400 of any other invalid field. Undeclared parts are never read, so they
 * are left alone.
 */
export function registerNulCheck(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const schema = request.routeOptions.schema;
    if (!schema) return;
    const declared = [
      [schema.body, request.body, 'body'],
      [schema.querystring, request.query, 'querystring'],
      [schema.params, request.params, 'params'],
    ] as const;
    for (const [part, value, context] of declared) {
      if (!part) continue;
      const field = pathToNul(value);
      if (field === undefined) continue;
      throw new HttpError('validation_failed', `${field || context}: ${MESSAGE}`, {
        issues: [{ field, message: MESSAGE }],
      });
    }
  });
}

type Trail = { key: string; up: Trail } | undefined;

/**
 * The dotted path of the first string or object key holding U+0000 ('' for the value itself),
 * or undefined. Walks with its own stack and keeps paths as linked trails: a field a schema
 * leaves open (a record, z.unknown) can nest deeper than the call stack, and copying the path
 * at every level would take quadratic time.
 */
function pathToNul(root: unknown): string | undefined {
  const pending: [unknown, Trail][] = [[root, undefined]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, trail] = next;
    if (typeof value === 'string') {
      if (value.includes('\0')) return dotted(trail);
      continue;
    }
    if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const childTrail = { key, up: trail };
      if (key.includes('\0')) return dotted(childTrail);
      pending.push([child, childTrail]);
    }
  }
  return undefined;
}

function dotted(trail: Trail): string {
  const keys: string[] = [];
  for (let step = trail; step; step = step.up) keys.push(step.key);
  return keys.reverse().join('.');
}
