import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from './errors.js';
import { sessionOfCookies } from '../auth/guards.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import {
  PAGES_FILE,
  PRERENDERED_HOME_FILE,
  PRERENDERED_ORIGIN,
  systemPaths,
  SIGNED_IN_HINT_COOKIE,
  sessionPaths,
} from '@parlance/contract/endpoints';

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
 * Whether a path is one of the app's pages, by the build's PAGES_FILE (route patterns: `:name` one
 * segment, `:name?` an optional one, matched as react-router does: in any case, trailing slashes
 * allowed); null without the file, when every path counts as a page.
 */
function pageMatcher(root: string): ((path: string) => boolean) | null {
  const file = resolve(root, PAGES_FILE);
  if (!existsSync(file)) return null;
  const patterns = JSON.parse(readFileSync(file, 'utf8')) as string[];
  const escape = (text: string) => text.replace(/[.*+^${}()|[\]\\]/g, '\\$&');
  const sources = patterns.map((pattern) =>
    pattern
      .split('/')
      .filter(Boolean)
      .map((part) =>
        part.startsWith(':') ? (part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : `/${escape(part)}`,
      )
      .join(''),
  );
  // As react-router matches: letters in any case, any trailing slashes.
  const page = new RegExp(`^(?:${sources.join('|')})/*$`, 'i');
  return (path) => {
    try {
      return page.test(decodeURIComponent(path));
    } catch {
      return false; // a malformed escape is no page
    }
  };
}

/** A page as sent, in each encoding, with an entity tag per encoding. */
type Encoded = Record<'identity' | 'br' | 'gzip', { body: Buffer; etag: string }>;

/**
 * The build's prerendered home page with the web app's address in its code samples (where the
 * app itself shows `location.origin`), compressed once at start; null without one.
 */
function prerenderedHome(root: string, appUrl: string): Encoded | null {
  const file = resolve(root, PRERENDERED_HOME_FILE);
  if (!existsSync(file)) return null;
  const origin = escapeAttribute(new URL(appUrl).origin);
  // A function as the replacement: `$&` and the like in the address stay as they are.
  const identity = Buffer.from(
    readFileSync(file, 'utf8').replaceAll(PRERENDERED_ORIGIN, () => origin),
  );
  const tag = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  // Compressed once, at each encoding's highest setting, as the build compresses its static files.
  const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return {
    identity: { body: identity, etag: `"${tag}"` },
    br: { body: br, etag: `"${tag}-br"` },
    gzip: { body: gzipSync(identity, { level: 9 }), etag: `"${tag}-gz"` },
  };
}

/**
 * Brotli if an Accept-Encoding header takes it, else gzip if it takes that: q=0 refuses an
 * encoding, other weights are not compared (every browser sends both, unweighted).
 */
function acceptedEncoding(header: string | undefined): keyof Encoded {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*/),
      )
      .filter(([, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : 'identity';
}

/**
 * Serves the built web app from `staticDir` (when it has an index.html) with the SPA fallback:
 * GET paths outside /api and /v1 get index.html, with 200 for the app's pages (the build's
 * PAGES_FILE) and 404 for any other path. Everything else unknown is a JSON 404.
 * The build's precompressed copies (`.br`, `.gz`) go to browsers that accept them; hashed assets
 * are cached for a year, everything else is revalidated. Pages the build's `preloads.json` names
 * get their scripts preloaded (pageWithPreloads); `/` is the build's prerendered home page for a
 * browser with neither a session cookie nor its hint (prerenderedHome).
 */
export async function registerSpa(
  app: FastifyInstance,
  staticDir: string,
  appUrl: string,
): Promise<void> {
  const root = resolve(staticDir);
  const hasApp = existsSync(resolve(root, 'index.html'));
  const preloadsFile = resolve(root, 'preloads.json');
  const preloads =
    hasApp && existsSync(preloadsFile)
      ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as Preloads)
      : null;
  const indexHtml = hasApp ? readFileSync(resolve(root, 'index.html'), 'utf8') : '';
  const isPage = hasApp ? pageMatcher(root) : null;
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
  // What the API answers is one caller's, read with their cookie or key: no cache (a CDN's, or the
  // browser's for the next account on it) keeps it unless its route says otherwise. A response
  // that sets a cookie (a sign-in, a session renewed, a hint given back) with a page is this
  // browser's alone: no shared cache may keep it for the next visitor, whatever caching the
  // route or the file would otherwise allow.
  app.addHook('onSend', async (request, reply, payload) => {
    const caching = String(reply.getHeader('cache-control') ?? '');
    if (!caching && /^\/(api|v1)\//.test(request.url)) reply.header('cache-control', 'no-store');
    else if (reply.hasHeader('set-cookie') && !/\b(private|no-store)\b/.test(caching))
      reply.header('cache-control', 'private, no-cache');
    return payload;
  });
  if (hasApp)
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      // Dotfiles are the build's own (the prerendered home page, which goes out at `/` alone).
      dotfiles: 'ignore',
      setHeaders: (reply, path) =>
        reply.header(
          'cache-control',
          path.startsWith(resolve(root, 'assets'))
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0',
        ),
    });
  else app.log.warn({ staticDir: root }, 'no built web app found; serving the API only');

  // The home page comes prerendered to a browser without a session: it paints before its code
  // runs. One that may hold a session (its cookie, or the hint) gets index.html as built, and its
  // header shows the session once the app has asked for it, as on every other page.
  const home = hasApp ? prerenderedHome(root, appUrl) : null;
  if (home)
    app.get('/', { schema: { hide: true } }, (request, reply) => {
      reply.header('cache-control', 'private, no-cache').header('vary', 'Cookie, Accept-Encoding');
      const html = 'text/html; charset=utf-8';
      if (
        request.cookies[SIGNED_IN_HINT_COOKIE] !== undefined ||
        request.cookies[SESSION_COOKIE] !== undefined
      )
        return reply.type(html).send(indexHtml);
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      const { body, etag } = home[encoding];
      reply.header('etag', etag);
      if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag))
        return reply.code(304).send();
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply.type(html).send(body);
    });

  app.setNotFoundHandler((request, reply) => {
    if (hasApp && wantsPage(request)) {
      // A path the app has no page for: its not-found page, with the status that says so.
      if (isPage && !isPage(request.url.split('?')[0] ?? ''))
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(indexHtml);
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
    throw notFound(`No route for ${request.method} ${path}`);
  });
}
