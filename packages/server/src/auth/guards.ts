import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '@parlance/contract';
import { HttpError, unauthenticated } from '../http/errors.js';
import { SIGNED_IN_HINT_COOKIE } from '@parlance/contract/endpoints';
import {
  SESSION_COOKIE,
  clearSessionCookie,
  setSessionCookie,
  type SessionLookup,
} from './sessions.js';
import { toUserDto } from './users.js';

/** Who is calling: what every authenticated handler reads from `request.user`. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
}

/** How the caller authenticated: a dashboard session or an API key. */
export type AuthMethod =
  { kind: 'session'; sessionId: string } | { kind: 'apiKey'; apiKeyId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireSession / requireApiKeyOrSession; null on public routes. */
    user: AuthUser | null;
    /**
     * The caller's account as authentication read it. From the session cache, it may lag a change
     * made by another process by up to the cache TTL; this process's own changes forget the cache.
     */
    account: User | null;
    auth: AuthMethod | null;
  }
}

const toAuthUser = (user: User): AuthUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
});

/**
 * The session of the request's cookie, keeping the cookies in step with it: an ended session
 * (expired, signed out elsewhere) has its cookies dropped, so that the next public page knows from
 * the missing hint not to ask again; a live one that was renewed, or whose hint was lost (cleared
 * by the page, or a cookie from before hints), has both sent again.
 */
export async function sessionOfCookies(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionLookup | null> {
  const token = request.cookies[SESSION_COOKIE];
  const { config } = request.server;
  const { accounts } = request.server.services;
  const found = token ? await accounts.session(token, config.sessionTtlSeconds) : null;
  if (!found || !token) {
    if (token !== undefined || request.cookies[SIGNED_IN_HINT_COOKIE] !== undefined)
      clearSessionCookie(reply, config);
    return null;
  }
  if (found.renewed || request.cookies[SIGNED_IN_HINT_COOKIE] === undefined)
    setSessionCookie(reply, config, token);
  return found;
}

async function authenticateSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const found = await sessionOfCookies(request, reply);
  if (!found) throw unauthenticated();
  request.user = toAuthUser(found.user);
  request.account = found.user;
  request.auth = { kind: 'session', sessionId: found.sessionId };
}

async function authenticateApiKey(request: FastifyRequest, secret: string): Promise<void> {
  const row = await request.server.services.apiKeys.authenticate(secret);
  if (!row) throw new HttpError('invalid_api_key', 'Invalid API key');
  if (!row.key.enabled) throw new HttpError('api_key_disabled', 'This API key is disabled');
  request.account = toUserDto(row.user);
  request.user = toAuthUser(request.account);
  request.auth = { kind: 'apiKey', apiKeyId: row.key.id };
}

/** preHandler for dashboard routes: a valid `parlance_session` cookie, else 401. */
export async function requireSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticateSession(request, reply);
}

/**
 * preHandler for the public API: `Authorization: Bearer <api key>` when present (a bad, disabled or
 * deleted key is a 401 — no fallback), otherwise the dashboard session (the playground). A request
 * with neither a key nor a session cookie is told how to send a key.
 */
export async function requireApiKeyOrSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (request.headers.authorization !== undefined) return requireApiKey(request);
  const { cookies } = request;
  if (cookies[SESSION_COOKIE] === undefined && cookies[SIGNED_IN_HINT_COOKIE] === undefined)
    throw new HttpError(
      'missing_api_key',
      'Missing API key: send it as "Authorization: Bearer <key>" (create one under API keys in the dashboard)',
    );
  return authenticateSession(request, reply);
}

/**
 * `Authorization: Bearer <api key>` and nothing else: for the live-stream socket, which browsers
 * open with the site's cookies from any page, so a session cookie must not open it.
 */
export async function requireApiKey(request: FastifyRequest): Promise<void> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1])
    throw new HttpError('invalid_api_key', 'Send the API key as "Authorization: Bearer <key>"');
  return authenticateApiKey(request, match[1]);
}

/** The caller on a route guarded by requireSession or requireApiKeyOrSession. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The API key a request came with; null for a session (the web app) or none. */
export function currentApiKeyId(request: FastifyRequest): string | null {
  return request.auth?.kind === 'apiKey' ? request.auth.apiKeyId : null;
}

/** The caller's account (see `request.account`) on a guarded route. */
export function currentAccount(request: FastifyRequest): User {
  if (!request.account) throw unauthenticated();
  return request.account;
}
