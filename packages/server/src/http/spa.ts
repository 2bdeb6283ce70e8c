import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const API_PATH = /^\/(api|v1)(\/|$)/;

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url);

/**
 * Serves the built web app from `staticDir` (when it has an index.html) with the SPA fallback:
 * unknown GET paths outside /api and /v1 get index.html. Everything else unknown is a JSON 404.
 * The build's precompressed copies (`.br`, `.gz`) go to browsers that accept them; hashed assets
 * are cached for a year, everything else is revalidated.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = resolve(staticDir);
  const hasApp = existsSync(resolve(root, 'index.html'));
  if (hasApp)
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      setHeaders: (reply, path) =>
        reply.header(
          'cache-control',
          path.startsWith(resolve(root, 'assets'))
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0',
        ),
    });
  else app.log.warn({ staticDir: root }, 'no built web app found; serving the API only');

  app.setNotFoundHandler((request, reply) => {
    if (hasApp && wantsPage(request)) return reply.sendFile('index.html', { maxAge: 0 });
    const path = request.url.split('?')[0];
    return reply
      .code(404)
      .send({ message: `No route for ${request.method} ${path}`, code: 'not_found' });
  });
}
