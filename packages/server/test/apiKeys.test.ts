import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_KEY_LIST_CACHE } from '../src/apiKeys/service.js';
import { currentUser, requireApiKeyOrSession } from '../src/auth/guards.js';
import { sha256 } from '../src/auth/tokens.js';
import { apiKeys } from '../src/db/schema/index.js';
import { createApiKey } from '../src/apiKeys/repository.js';
import { backends, signUp, startServer, type SignedUpUser, type TestServer } from './helpers.js';

describe.each(backends)('API keys (%s)', (backend) => {
  let server: TestServer;
  let owner: SignedUpUser;
  beforeAll(async () => {
    server = await startServer({
      backend,
      // A /v1 route guarded like the public API, answering who the caller is and how they authenticated.
      configure: (app) => {
        app.get('/v1/test/whoami', { preHandler: requireApiKeyOrSession }, async (request) => ({
          user: currentUser(request),
          auth: request.auth,
        }));
      },
    });
    owner = await signUp(server, { name: 'Key Owner' });
  });
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  const bearer = (secret: string) => ({ headers: { authorization: `Bearer ${secret}` } });

  it('creates a key whose secret is shown once and stored only as a hash', async () => {
    const created = await owner.api.post('/api/api-keys', { name: 'CI' });
    expect(created.status).toBe(201);
    const { apiKey, secret } = created.body;
    // Test payments here, so a test key; the pattern a secret scanner matches.
    expect(secret).toMatch(/^prl_test_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'CI',
      enabled: true,
      lastUsedAt: null,
      prefix: secret.slice(0, 13),
    });
    const [row] = await server.storage.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row?.keyHash).toBe(sha256(secret));
    const list = await owner.api.get('/api/api-keys');
    expect(list.body.apiKeys.map((key: { id: string }) => key.id)).toContain(apiKey.id);
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('makes live keys on a live server, and keys of the old format keep working', async () => {
    const live = await createApiKey(server.storage.db, owner.user.id, 'live', 'live');
    expect(live.secret).toMatch(/^prl_live_[A-Za-z0-9_-]{43}$/);
    expect(live.row.prefix).toBe(live.secret.slice(0, 13));
    const legacy = `pk_live_${'L'.repeat(43)}`;
    await server.storage.db.insert(apiKeys).values({
      userId: owner.user.id,
      name: 'made before prl_',
      prefix: legacy.slice(0, 12),
      keyHash: sha256(legacy),
    });
    for (const secret of [live.secret, legacy]) {
      const whoami = await server.client().get('/v1/test/whoami', bearer(secret));
      expect(whoami.status, secret).toBe(200);
      expect(whoami.body.user.id).toBe(owner.user.id);
    }
  });

  it('authenticates /v1 with the bearer key and records lastUsedAt', async () => {
    const { body } = await owner.api.post('/api/api-keys', { name: 'server' });
    const anonymous = server.client();
    const whoami = await anonymous.get('/v1/test/whoami', bearer(body.secret));
    expect(whoami.status).toBe(200);
    expect(whoami.body).toEqual({
      user: { id: owner.user.id, email: owner.email, name: 'Key Owner' },
      auth: { kind: 'apiKey', apiKeyId: body.apiKey.id },
    });
    const listed = (await owner.api.get('/api/api-keys')).body.apiKeys.find(
      (key: { id: string }) => key.id === body.apiKey.id,
    );
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('accepts the session too (the playground) and refuses a call with neither', async () => {
    const withSession = await owner.api.get('/v1/test/whoami');
    expect(withSession.body.auth.kind).toBe('session');
    const none = await server.client().get('/v1/test/whoami');
    expect(none.status).toBe(401);
  });

  it('refuses a disabled key at once, accepts it again once re-enabled, and refuses it once deleted', async () => {
    const { body } = await owner.api.post('/api/api-keys', { name: 'toggle me' });
    const anonymous = server.client();
    expect((await anonymous.get('/v1/test/whoami', bearer(body.secret))).status).toBe(200);

    const off = await owner.api.patch(`/api/api-keys/${body.apiKey.id}/toggle`);
    expect(off.body.apiKey.enabled).toBe(false);
    const refused = await anonymous.get('/v1/test/whoami', bearer(body.secret));
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'This API key is disabled', code: 'api_key_disabled' });

    const on = await owner.api.patch(`/api/api-keys/${body.apiKey.id}/toggle`);
    expect(on.body.apiKey.enabled).toBe(true);
    expect((await anonymous.get('/v1/test/whoami', bearer(body.secret))).status).toBe(200);

    expect((await owner.api.delete(`/api/api-keys/${body.apiKey.id}`)).status).toBe(200);
    const deleted = await anonymous.get('/v1/test/whoami', bearer(body.secret));
    expect(deleted.status).toBe(401);
    expect(deleted.body).toEqual({ message: 'Invalid API key', code: 'invalid_api_key' });
  });

  it("lists this process's writes and uses at once, another process's once the list cache TTL has passed", async () => {
    const { api } = await signUp(server);
    const listed = async () => (await api.get('/api/api-keys')).body.apiKeys[0];
    const { body } = await api.post('/api/api-keys', { name: 'listed' });
    expect(await listed()).toMatchObject({ name: 'listed', enabled: true, lastUsedAt: null });

    await server.client().get('/v1/test/whoami', bearer(body.secret));
    expect((await listed()).lastUsedAt).not.toBeNull();
    await api.put(`/api/api-keys/${body.apiKey.id}`, { name: 'renamed' });
    expect((await listed()).name).toBe('renamed');
    await api.patch(`/api/api-keys/${body.apiKey.id}/toggle`);
    expect((await listed()).enabled).toBe(false);

    // A write made straight to the database, as another process would make it.
    await server.storage.db
      .update(apiKeys)
      .set({ name: 'elsewhere' })
      .where(eq(apiKeys.id, body.apiKey.id));
    expect((await listed()).name).toBe('renamed');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + API_KEY_LIST_CACHE.ttlMs });
    expect((await listed()).name).toBe('elsewhere');

    await api.delete(`/api/api-keys/${body.apiKey.id}`);
    expect(await listed()).toBeUndefined();
  });

  it('tells a request with neither a key nor a session how to send a key', async () => {
    const res = await server.client().get('/v1/test/whoami');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message:
        'Missing API key: send it as "Authorization: Bearer <key>" (create one under API keys in the dashboard)',
      code: 'missing_api_key',
    });
  });

  it('does not fall back to the session when a bad key is sent', async () => {
    const res = await owner.api.get('/v1/test/whoami', bearer('pk_live_wrong'));
    expect(res.status).toBe(401);
    const malformed = await owner.api.get('/v1/test/whoami', {
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.body.code).toBe('invalid_api_key');
  });

  it('renames keys and validates names', async () => {
    const { body } = await owner.api.post('/api/api-keys', { name: 'old' });
    const renamed = await owner.api.put(`/api/api-keys/${body.apiKey.id}`, { name: 'new name' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.apiKey.name).toBe('new name');
    const empty = await owner.api.put(`/api/api-keys/${body.apiKey.id}`, { name: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('name: Enter a name for the key');
    const badId = await owner.api.put('/api/api-keys/not-a-uuid', { name: 'x' });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('id: Not a valid id');
  });

  it("keeps other users' keys out of reach (404, untouched)", async () => {
    const { body } = await owner.api.post('/api/api-keys', { name: 'private' });
    const intruder = await signUp(server);
    expect((await intruder.api.get('/api/api-keys')).body.apiKeys).toEqual([]);
    for (const res of [
      await intruder.api.put(`/api/api-keys/${body.apiKey.id}`, { name: 'mine' }),
      await intruder.api.patch(`/api/api-keys/${body.apiKey.id}/toggle`),
      await intruder.api.delete(`/api/api-keys/${body.apiKey.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'API key not found', code: 'not_found' });
    }
    const [row] = await server.storage.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, body.apiKey.id));
    expect(row).toMatchObject({ name: 'private', enabled: true });
  });

  it('requires a session for every key route', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/api/api-keys')).status).toBe(401);
    expect((await anonymous.post('/api/api-keys', { name: 'x' })).status).toBe(401);
  });
});
