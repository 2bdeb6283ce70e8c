/**
 * A local OpenID provider standing in for Google: oidc-provider with its development sign-in
 * form (any login and password; the login is the account's e-mail, verified).
 *
 * It listens before the products start (they need its issuer URL) and accepts their redirect
 * URIs once they are known (`allow`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const googleClient = { id: 'parlance-e2e', secret: 'parlance-e2e-secret' };

export interface OidcProvider {
  issuer: string;
  /** Registers the client with these redirect URIs; requests are refused until then. */
  allow(redirectUris: string[]): void;
  stop(): Promise<void>;
}

/** The claims of an account: its id is the e-mail typed into the sign-in form. */
function accountClaims(email: string) {
  const name = email.split('@')[0] ?? email;
  return { sub: `google-${email}`, email, email_verified: true, name };
}

export async function startOidcProvider(): Promise<OidcProvider> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) handler(req, res);
    else res.writeHead(503).end('provider not configured yet');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    allow(redirectUris) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: googleClient.id,
            client_secret: googleClient.secret,
            redirect_uris: redirectUris,
            grant_types: ['authorization_code'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        // Google puts the profile claims in the ID token, which is all the server reads.
        conformIdTokenClaims: false,
        // Consent is implied, as with an app the user already approved at Google.
        loadExistingGrant: async (ctx) => {
          const accountId = ctx.oidc.session?.accountId;
          const clientId = ctx.oidc.client?.clientId;
          if (!accountId || !clientId) return undefined;
          const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
        cookies: { keys: ['parlance-e2e-cookie-key'] },
        ttl: {
          AccessToken: 600,
          AuthorizationCode: 60,
          Grant: 600,
          IdToken: 600,
          Interaction: 600,
          Session: 600,
        },
        findAccount: (_ctx, id) => ({ accountId: id, claims: () => accountClaims(id) }),
      });
      handler = provider.callback();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
