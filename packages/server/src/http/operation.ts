import type {
  ContextConfigDefault,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions as FastifyRouteOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, type Operation } from '@parlance/contract';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The operation as a Fastify schema, so the type provider types the request and each answer. */
interface SchemaOf<O extends Operation> {
  params: O['params'];
  querystring: O['query'];
  body: O['body'];
  response: O['responses'] & { [Status in O['errors'][number]]: typeof ErrorResponse };
}

/**
 * A handler of the operation: the request as its schemas parse it; what it returns, and what it
 * sends with `reply.code(status).send(…)`, checked against the answer of that status.
 */
type OperationHandler<O extends Operation> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<O>,
  ZodTypeProvider
>;

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
  handler: OperationHandler<O>,
  options: RouteOptions = {},
): void {
  app.route({
    ...options,
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
    handler: handler as RouteHandlerMethod,
  });
}
