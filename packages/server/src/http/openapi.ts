import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { pagePaths, systemPaths } from '@parlance/contract/endpoints';

/**
 * The reference's sections, in its order: the public API first, the web app's own calls last,
 * each with its title (`x-displayName`, as Redoc and the docs page read it). Every operation's tag
 * is one of these (test/http.test.ts).
 */
export const apiTags = [
  {
    name: 'transcription',
    'x-displayName': 'Transcription',
    description:
      'Transcribe files and URLs, read and export transcripts, list models, stream live audio: the public API, with an API key (`Authorization: Bearer prl_live_…`).',
  },
  {
    name: 'openai',
    'x-displayName': 'OpenAI-compatible',
    description:
      "OpenAI-compatible transcription and translation (`/v1/audio/…`): point OpenAI's SDKs at this server with a Parlance API key.",
  },
  {
    name: 'auth',
    'x-displayName': 'Sign-in and sessions',
    description: 'The web app: accounts and sign-in (session cookie).',
  },
  {
    name: 'account',
    'x-displayName': 'Account',
    description: 'The web app: profile, password, webhook secret, deletion.',
  },
  {
    name: 'api-keys',
    'x-displayName': 'API keys',
    description: 'The web app: creating and managing API keys.',
  },
  {
    name: 'billing',
    'x-displayName': 'Billing',
    description: 'The web app: credit, cards, receipts; the public price list; Stripe webhooks.',
  },
  {
    name: 'usage',
    'x-displayName': 'Usage',
    description: 'The web app: usage and spending statistics.',
  },
  {
    name: 'dashboard',
    'x-displayName': 'Dashboard',
    description: "The web app: History's list and the Live playground's token.",
  },
  { name: 'support', 'x-displayName': 'Support', description: 'The contact form.' },
  {
    name: 'system',
    'x-displayName': 'System',
    description: 'Health, readiness and the settings the web app reads.',
  },
  {
    name: 'development',
    'x-displayName': 'Development',
    description: 'Development installs only.',
  },
];

/** The reference's logo and tab icon: the app's mark. */
const mark = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#4f46e5"/><path d="M9 12v8M13 9v14M17 13v6M21 10v12M25 14v4" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/></svg>',
);

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
      tags: apiTags,
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
    logo: { type: 'image/svg+xml', content: mark, href: '/docs', target: '_self' },
    theme: {
      title: 'Parlance API reference',
      favicon: [
        {
          filename: 'favicon.svg',
          rel: 'icon',
          sizes: 'any',
          type: 'image/svg+xml',
          content: mark,
        },
      ],
      css: [
        {
          filename: 'parlance.css',
          content:
            '.swagger-ui .topbar{background:#1e1b4b}.swagger-ui .topbar-wrapper img{height:32px}',
        },
      ],
    },
  });
  app.get(systemPaths.openApiDocument, { schema: { hide: true } }, async () => app.swagger());
}
