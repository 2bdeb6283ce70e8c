import type {
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions as FastifyRouteOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ErrorResponse, type Operation } from '@parlance/contract';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What a handler may return: a body of one of the operation's JSON answers, or the reply. */
type Answer<O extends Operation> =
  | {
      [Status in keyof O['responses']]: O['responses'][Status] extends z.ZodType
        ? z.input<O['responses'][Status]>
        : never;
    }[keyof O['responses']]
  | FastifyReply;

/** The request as the operation's schemas parsed it. */
export type OperationRequest<O extends Operation> = FastifyRequest<{
  Params: Parsed<O['params']>;
  Querystring: Parsed<O['query']>;
  Body: Parsed<O['body']>;
}>;

/**
 * Fastify's per-route options besides the schema, which the operation gives (and its method, path
 * and handler); with @fastify/websocket's `wsHandler` for a route that upgrades.
 */
type RouteOptions = Omit<FastifyRouteOptions, 'method' | 'url' | 'schema' | 'handler'>;

/**
 * Registers an operation of the contract: its method, path and schemas (validation, the answers'
 * serialization and the OpenAPI document), with the route's own hooks and options.
 */
export function serve<O extends Operation>(
  app: App,
  operation: O,
  handler: (request: OperationRequest<O>, reply: FastifyReply) => Promise<Answer<O>>,
  options: RouteOptions = {},
): void {
  app.route({
    method: operation.method,
    url: operation.path,
    schema: {
      tags: [...operation.tags],
      ...(operation.auth && { security: operation.auth.map((scheme) => ({ [scheme]: [] })) }),
      summary: operation.summary,
      ...(operation.description && { description: operation.description }),
      ...(operation.consumes && { consumes: [...operation.consumes] }),
      ...(operation.params && { params: operation.params }),
      ...(operation.query && { querystring: operation.query }),
      ...(operation.body && { body: operation.body }),
      response: {
        ...operation.responses,
        ...Object.fromEntries(operation.errors.map((status) => [status, ErrorResponse])),
      },
    },
    ...options,
    handler: handler as RouteHandlerMethod,
  });
}
