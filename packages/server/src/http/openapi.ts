import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { pagePaths, systemPaths } from '@parlance/contract/endpoints';

/** OpenAPI 3.1 generated from the routes' zod schemas, at /api/openapi.json and /api/reference. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Parlance API',
        version: '1.0.0',
        description:
          'Speech-to-text for developers. Dashboard calls (/api) use the `parlance_session` cookie; the public API (/v1) takes `Authorization: Bearer <api key>`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'parlance_session' },
          apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from the dashboard' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // Swagger UI's assets come from the npm package, served locally; no call leaves the server.
  await app.register(fastifySwaggerUi, {
    routePrefix: pagePaths.apiReference,
    uiConfig: { validatorUrl: null },
  });
  app.get(systemPaths.openApiDocument, { schema: { hide: true } }, async () => app.swagger());
}
