import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startServer, type SignedUpUser, type TestServer } from './helpers.js';

// PostgreSQL text cannot hold U+0000; these requests used to fail in the database with a 500.
describe('text with the NUL character (U+0000)', () => {
  let server: TestServer;
  let user: SignedUpUser;
  beforeAll(async () => {
    server = await startServer();
    user = await signUp(server, { name: 'Nul Tester' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('is refused in a body field with a 400 naming the field, and changes nothing', async () => {
    const res = await user.api.patch('/api/account', { name: 'Ada\u0000Lovelace' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'name: Text cannot contain the NUL character (U+0000)',
      code: 'validation_failed',
      details: {
        issues: [{ field: 'name', message: 'Text cannot contain the NUL character (U+0000)' }],
      },
    });
    expect((await user.api.get('/api/auth/me')).body.user.name).toBe('Nul Tester');

    const key = await user.api.post('/api/api-keys', { name: '\u0000' });
    expect(key.status).toBe(400);
    expect((await user.api.get('/api/api-keys')).body.apiKeys).toEqual([]);
  });

  it('is refused in a query parameter', async () => {
    const res = await server.client().get('/api/dev/outbox?to=a%00b');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('to: Text cannot contain the NUL character (U+0000)');
  });

  it('lets the same fields through without it', async () => {
    const res = await user.api.patch('/api/account', { name: 'Ada Lovelace' });
    expect(res.status).toBe(200);
    expect(res.body.user.name).toBe('Ada Lovelace');
  });
});
