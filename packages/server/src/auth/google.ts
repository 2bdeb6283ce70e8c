import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { authOperations } from '@parlance/contract';
import { isReturnPath, pagePaths, RETURN_PARAM } from '@parlance/contract/endpoints';
import type { Config } from '../config.js';
import { serve } from '../http/operation.js';
import { startSession } from './sessions.js';
import { Claims, SignInRefused } from './googleAccounts.js';

/** Short-lived cookie binding the callback to the browser that started the sign-in. */
const FLOW_COOKIE = 'parlance_oauth';
const FLOW_PATH = pagePaths.googleSignIn;
const Flow = z.object({
  state: z.string(),
  verifier: z.string(),
  nonce: z.string(),
  /** Where the app goes once signed in (a path of this site), carried to /auth/callback. */
  next: z.string().refine(isReturnPath).optional(),
});

type GoogleConfig = NonNullable<Config['google']>;

/** Discovers the provider once per process; a failed discovery is retried on the next sign-in. */
function providerConfiguration(google: GoogleConfig): () => Promise<oidc.Configuration> {
  let pending: Promise<oidc.Configuration> | undefined;
  const issuer = new URL(google.issuer);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
  return () => {
    pending ??= oidc
      .discovery(issuer, google.clientId, google.clientSecret, undefined, {
        // Plain HTTP only for a provider on this machine (development and tests).
        execute: loopback ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        pending = undefined;
        throw err;
      });
    return pending;
  };
}

export const googleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const { db } = app.deps.storage;
  const discover = config.google ? providerConfiguration(config.google) : null;
  const redirectUri = `${config.publicUrl}${authOperations.googleCallback.path}`;
  const backToApp = (query: { error: string } | { next?: string } = {}) => {
    const search = new URLSearchParams(
      'error' in query ? query : query.next ? { [RETURN_PARAM]: query.next } : {},
    ).toString();
    return `${config.appUrl}/auth/callback${search ? `?${search}` : ''}`;
  };
  const cookieOptions = {
    path: FLOW_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
  };
  serve(app, authOperations.google, async (request, reply) => {
    if (!discover) return reply.redirect(backToApp({ error: 'google_unavailable' }));
    let provider: oidc.Configuration;
    try {
      provider = await discover();
    } catch (err) {
      request.log.error({ err }, 'Google discovery failed');
      return reply.redirect(backToApp({ error: 'google_unavailable' }));
    }
    const next = request.query[RETURN_PARAM];
    const flow: z.infer<typeof Flow> = {
      state: oidc.randomState(),
      verifier: oidc.randomPKCECodeVerifier(),
      nonce: oidc.randomNonce(),
      ...(next !== undefined && isReturnPath(next) && { next }),
    };
    reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
      ...cookieOptions,
      maxAge: 600,
    });
    const url = oidc.buildAuthorizationUrl(provider, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return reply.redirect(url.href);
  });

  serve(app, authOperations.googleCallback, async (request, reply) => {
    reply.clearCookie(FLOW_COOKIE, cookieOptions);
    try {
      if (!discover) throw new SignInRefused('google_unavailable');
      if (request.query.error) throw new SignInRefused('google_cancelled');
      const saved = Flow.safeParse(parseCookie(request.cookies[FLOW_COOKIE]));
      if (!saved.success) throw new SignInRefused('google_session_expired');
      const provider = await discover();
      const tokens = await oidc.authorizationCodeGrant(
        provider,
        new URL(request.url, config.publicUrl),
        {
          pkceCodeVerifier: saved.data.verifier,
          expectedState: saved.data.state,
          expectedNonce: saved.data.nonce,
          idTokenExpected: true,
        },
      );
      let claims = Claims.parse(tokens.claims());
      // Google puts the e-mail in the ID token; providers that follow the spec strictly keep it for userinfo.
      if (!claims.email)
        claims = Claims.parse(await oidc.fetchUserInfo(provider, tokens.access_token, claims.sub));
      const user = await app.services.accounts.ofGoogle(claims);
      await app.services.events.emit(db, 'userVerified', { userId: user.id });
      await startSession(reply, db, config, user.id);
      return reply.redirect(backToApp({ next: saved.data.next }));
    } catch (err) {
      const code = err instanceof SignInRefused ? err.code : 'google_sign_in_failed';
      request.log.warn({ err, code }, 'Google sign-in refused');
      return reply.redirect(backToApp({ error: code }));
    }
  });
};

function parseCookie(value: string | undefined): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString());
  } catch {
    return undefined;
  }
}
