import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOfCookies } from '../auth/guards.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { systemPaths } from '../contract/apiPaths.js';
import { SIGNED_IN_HINT_COOKIE, sessionPaths } from '../contract/sessionPaths.js';

const API_PATH = /^\/(api|v1)(\/|$)/;

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url);

/** The build's `preloads.json`: path prefix → the script files a first visit there needs. */
type Preloads = Record<string, string[]>;

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * index.html for a page whose path starts with a prefix of `preloads` (the app's build writes that
 * file): the route's lazily loaded scripts are named up front, and so are the calls every signed-in
 * page makes first (the session, and the server's settings the dashboard waits for) when the
 * browser may be signed in, so that they download alongside the entry script instead of one
 * after the other as the route's code runs. Other pages get index.html as it is (null).
 */
function pageWithPreloads(
  html: string,
  preloads: Preloads,
  request: FastifyRequest,
): string | null {
  const path = request.url.split('?')[0] ?? '';
  const scripts = Object.entries(preloads)
    .filter(([prefix]) => path.startsWith(prefix))
    .flatMap(([, files]) => files);
  if (scripts.length === 0) return null;
  const links = [...new Set(scripts)].map(
    (file) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(file)}">`,
  );
  if (request.cookies[SIGNED_IN_HINT_COOKIE] !== undefined)
    for (const call of [sessionPaths.me, systemPaths.config])
      links.push(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${call}">`);
  return html.replace('</head>', `${links.join('')}</head>`);
}

/**
 * Serves the built web app from `staticDir` (when it has an index.html) with the SPA fallback:
 * unknown GET paths outside /api and /v1 get index.html. Everything else unknown is a JSON 404.
 * The build's precompressed copies (`.br`, `.gz`) go to browsers that accept them; hashed assets
 * are cached for a year, everything else is revalidated. Pages the build's `preloads.json` names
 * get their scripts preloaded (pageWithPreloads).
 */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = resolve(staticDir);
  const hasApp = existsSync(resolve(root, 'index.html'));
  const preloadsFile = resolve(root, 'preloads.json');
  const preloads =
    hasApp && existsSync(preloadsFile)
      ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as Preloads)
      : null;
  const indexHtml = preloads ? readFileSync(resolve(root, 'index.html'), 'utf8') : '';
  // A session cookie without its hint (from before hints, or the browser lost the hint) is looked
  // at with the next page: a live one gets the hint back, so that the page asks who is signed in;
  // an ended one is dropped.
  app.addHook('onRequest', async (request, reply) => {
    if (
      request.cookies[SESSION_COOKIE] !== undefined &&
      request.cookies[SIGNED_IN_HINT_COOKIE] === undefined &&
      wantsPage(request)
    )
      await sessionOfCookies(request, reply);
  });
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
    if (hasApp && wantsPage(request)) {
      const page = preloads && pageWithPreloads(indexHtml, preloads, request);
      if (!page) return reply.sendFile('index.html', { maxAge: 0 });
      // The page differs with the hint cookie: no shared cache may keep one for everyone.
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('vary', 'Cookie')
        .send(page);
    }
    const path = request.url.split('?')[0];
    return reply
      .code(404)
      .send({ message: `No route for ${request.method} ${path}`, code: 'not_found' });
  });
}
