import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { bonusClaimHash } from '../src/billing/signupBonus.js';
import {
  apiKeys,
  contactMessages,
  sessions,
  signupBonusClaims,
  users,
} from '../src/db/schema/index.js';
import {
  backends,
  disputeSpentPayment,
  signUp,
  startServer,
  uniqueEmail,
  waitForMail,
  type TestServer,
} from './helpers.js';

describe.each(backends)('account (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend });
  });
  afterAll(() => server.close());

  it('updates the name and transcription defaults', async () => {
    const { api } = await signUp(server);
    const res = await api.patch('/api/account', {
      name: 'Grace',
      defaultModel: 'small',
      defaultLanguage: 'en',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      name: 'Grace',
      defaultModel: 'small',
      defaultLanguage: 'en',
    });
    expect((await api.get('/api/auth/me')).body.user.name).toBe('Grace');
    const cleared = await api.patch('/api/account', { name: 'Grace', defaultModel: null });
    expect(cleared.body.user).toMatchObject({ defaultModel: null, defaultLanguage: 'en' });
    const invalid = await api.patch('/api/account', { name: '' });
    expect(invalid.body.message).toBe('name: Enter your name');
  });

  it('shows each account its own webhook signing secret, and rotates it', async () => {
    const { api } = await signUp(server);
    const { api: other } = await signUp(server);
    const secret = (await api.get('/api/account/webhook-secret')).body.secret as string;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect((await api.get('/api/account/webhook-secret')).body.secret).toBe(secret);
    expect((await other.get('/api/account/webhook-secret')).body.secret).not.toBe(secret);
    const rotated = await api.post('/api/account/webhook-secret/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    expect(rotated.body.secret).not.toBe(secret);
    expect((await api.get('/api/account/webhook-secret')).body.secret).toBe(rotated.body.secret);
    // Only a signed-in session reads it: not an API key, not an anonymous caller.
    const key = (await api.post('/api/api-keys', { name: 'ci' })).body.secret as string;
    const byKey = await server
      .client()
      .get('/api/account/webhook-secret', { headers: { authorization: `Bearer ${key}` } });
    expect(byKey.status).toBe(401);
    expect((await server.client().post('/api/account/webhook-secret/rotate')).status).toBe(401);
  });

  it('changes the password after checking the current one and signs out other sessions', async () => {
    const { api, email, password } = await signUp(server);
    const phone = server.client();
    await phone.post('/api/auth/login', { email, password });
    expect((await phone.get('/api/auth/me')).status).toBe(200);
    const wrong = await api.post('/api/account/password', {
      currentPassword: 'nope nope',
      newPassword: 'fresh passphrase 1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: 'Your current password is not correct',
      code: 'wrong_password',
    });
    const changed = await api.post('/api/account/password', {
      currentPassword: password,
      newPassword: 'fresh passphrase 1',
    });
    expect(changed.status).toBe(200);
    expect((await api.get('/api/auth/me')).status).toBe(200);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect(
      (await server.client().post('/api/auth/login', { email, password: 'fresh passphrase 1' }))
        .status,
    ).toBe(200);
  });

  it('deletes the account and everything that belongs to it after the password check', async () => {
    const { api, user, password } = await signUp(server);
    expect((await api.get('/api/auth/me')).status).toBe(200);
    const cookie = api.jar.header() ?? '';
    await api.post('/api/api-keys', { name: 'doomed' });
    const wrong = await api.delete('/api/account', { password: 'not it at all' });
    expect(wrong.body).toEqual({ message: 'Your password is not correct', code: 'wrong_password' });
    const missing = await api.delete('/api/account', {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Enter your password or your e-mail address to confirm');
    const deleted = await api.delete('/api/account', { password });
    expect(deleted.status).toBe(200);
    const { db } = server.storage;
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(apiKeys).where(eq(apiKeys.userId, user.id))).toEqual([]);
    expect((await api.get('/api/auth/me')).status).toBe(401);
    // The cookie is cleared, and a copy of it kept elsewhere is refused too.
    expect((await server.client().get('/api/auth/me', { headers: { cookie } })).status).toBe(401);
  });

  it('refuses to delete an account that owes after a dispute, until credit settles it', async () => {
    const { api, user, password } = await signUp(server);
    await disputeSpentPayment(server, user.id); // the $5 welcome bonus spent, $2 owed
    const refused = await api.delete('/api/account', { password });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'account_owes',
      message:
        '$2.00 is owed after a refunded or disputed payment. Add credit to settle it, then delete the account.',
    });
    expect(await server.storage.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(
      1,
    );
    await createLedger(server.storage.db).credit({
      kind: 'adjustment',
      userId: user.id,
      amountMicros: 2_000_000,
      description: 'paid',
    });
    expect((await api.delete('/api/account', { password })).status).toBe(200);
  });

  it('pays the welcome bonus once per e-mail address, even after the account is deleted', async () => {
    const email = uniqueEmail('bonus');
    const first = await signUp(server, { email });
    const bonus = (await first.api.get('/api/billing/info')).body.balanceMicros;
    expect(bonus).toBe(5_000_000);
    expect((await first.api.delete('/api/account', { password: first.password })).status).toBe(200);
    const again = await signUp(server, { email });
    expect((await again.api.get('/api/billing/info')).body.balanceMicros).toBe(0);
    // A "+tag" reaches the same mailbox, so it is the same address for the bonus.
    const [local, domain] = email.split('@');
    const tagged = await signUp(server, { email: `${local}+again@${domain}` });
    expect((await tagged.api.get('/api/billing/info')).body.balanceMicros).toBe(0);
    // No e-mail is kept: only a hash of the normalised address.
    const claims = await server.storage.db.select().from(signupBonusClaims);
    expect(claims.map((c) => c.emailHash)).toContain(bonusClaimHash(email));
    expect(JSON.stringify(claims)).not.toContain(local);
  });

  it('stores contact messages and mails them to support', async () => {
    const email = uniqueEmail('visitor');
    const res = await server
      .client()
      .post('/api/contact', { name: 'Visitor', email, message: 'Do you support Welsh?' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`Thanks, Visitor. We will answer at ${email}.`);
    const [stored] = await server.storage.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, email));
    expect(stored?.message).toBe('Do you support Welsh?');
    const mail = await waitForMail(server, server.config.mail.support, (message) =>
      message.text.includes(email),
    );
    expect(mail.subject).toBe('Contact form: Visitor');
    const empty = await server.client().post('/api/contact', { name: 'V', email, message: ' ' });
    expect(empty.body.message).toBe('message: Enter a message');
  });

  it('requires a session', async () => {
    expect((await server.client().patch('/api/account', { name: 'x' })).status).toBe(401);
  });
});
