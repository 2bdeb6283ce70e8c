import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientCredit, SpendLimitExceeded, createLedger } from '../src/billing/ledger.js';
import { setMonthlyLimit } from '../src/billing/spendLimits.js';
import { grantSignupBonus } from '../src/billing/signupBonus.js';
import { apiKeys, users } from '../src/db/schema/auth.js';
import { billingAccounts, ledgerEntries } from '../src/db/schema/billing.js';
import { backends, startServer, type TestServer } from './helpers.js';

describe.each(backends)('credit ledger (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend });
  });
  afterAll(() => server.close());

  async function newUser(): Promise<string> {
    const [row] = await server.storage.db
      .insert(users)
      .values({ email: `ledger-${randomBytes(5).toString('hex')}@example.test`, name: 'Ledger' })
      .returning();
    if (!row) throw new Error('no user');
    return row.id;
  }

  it('books credits and debits with running balances, newest first', async () => {
    const ledger = createLedger(server.storage.db);
    const userId = await newUser();
    expect(await ledger.balance(userId)).toBe(0);
    await ledger.credit({
      kind: 'purchase',
      userId,
      amountMicros: 20_000_000,
      reference: `pay_${userId}`,
      description: 'buy',
    });
    // 61.5 s of base at 180,000 µ$/h: 3,075 µ$ exactly, not a rounded-up cent.
    const { entry } = await ledger.debit({
      userId,
      amountMicros: 3_075,
      reference: `job-${userId}`,
      description: 'job',
      audioSeconds: 61.5,
      model: 'base',
    });
    expect(entry).toMatchObject({
      kind: 'usage',
      amountMicros: -3_075,
      balanceAfterMicros: 19_996_925,
      audioSeconds: 61.5,
      model: 'base',
    });
    expect(await ledger.balance(userId)).toBe(19_996_925);
    const history = await ledger.history(userId, 10);
    expect(history.map((e) => [e.kind, e.amountMicros, e.balanceAfterMicros])).toEqual([
      ['usage', -3_075, 19_996_925],
      ['purchase', 20_000_000, 20_000_000],
    ]);
    expect(await ledger.history(userId, 1)).toHaveLength(1);
  });

  it('refuses a debit beyond the balance with InsufficientCredit and books nothing', async () => {
    const ledger = createLedger(server.storage.db);
    const userId = await newUser();
    await ledger.credit({ kind: 'adjustment', userId, amountMicros: 366, description: 'grant' });
    const attempt = ledger.debit({
      userId,
      amountMicros: 367,
      reference: `big-${userId}`,
      description: 'too big',
    });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCredit);
    await expect(attempt).rejects.toMatchObject({
      code: 'insufficient_credit',
      balanceMicros: 366,
      requiredMicros: 367,
      message: 'Insufficient credit: this costs $0.000367 but your balance is $0.000366.',
    });
    expect(await ledger.balance(userId)).toBe(366);
    expect(await ledger.history(userId, 10)).toHaveLength(1);
    await expect(ledger.debit({ userId, amountMicros: 0, description: 'nothing' })).rejects.toThrow(
      RangeError,
    );
    await expect(
      ledger.debit({ userId, amountMicros: 0.5, description: 'half a micro-dollar' }),
    ).rejects.toThrow(RangeError);
  });

  it('books a job, a payment and a signup bonus at most once', async () => {
    const ledger = createLedger(server.storage.db);
    const userId = await newUser();
    await grantSignupBonus(server.storage.db, userId, 5_000_000);
    await grantSignupBonus(server.storage.db, userId, 5_000_000);
    const first = await ledger.debit({
      userId,
      amountMicros: 367,
      reference: `job-${userId}`,
      description: 'job',
    });
    const again = await ledger.debit({
      userId,
      amountMicros: 367,
      reference: `job-${userId}`,
      description: 'job',
    });
    expect(first.created).toBe(true);
    expect(again).toEqual({ entry: first.entry, created: false });
    expect(await ledger.balance(userId)).toBe(4_999_633);
    const kinds = (await ledger.history(userId, 10)).map((e) => e.kind);
    expect(kinds).toEqual(['usage', 'signup_bonus']);
    // The database itself refuses a second booking that bypasses the service.
    await expect(
      server.storage.db.insert(ledgerEntries).values({
        id: `txn_dup_${userId}`,
        userId,
        kind: 'usage',
        amountMicros: -367,
        balanceAfterMicros: 4_999_266,
        reference: `job-${userId}`,
        description: 'dup',
        createdAt: new Date(),
      }),
    ).rejects.toThrow();
  });

  it('never lets concurrent debits take the balance below zero', async () => {
    const ledger = createLedger(server.storage.db);
    const userId = await newUser();
    await ledger.credit({
      kind: 'adjustment',
      userId,
      amountMicros: 7_340,
      description: '20 jobs',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.debit({
          userId,
          amountMicros: 367,
          reference: `race-${userId}-${i}`,
          description: `debit ${i}`,
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientCredit);
    expect(await ledger.balance(userId)).toBe(0);
    const debits = (await ledger.history(userId, 100)).filter((e) => e.kind === 'usage');
    expect(debits.map((e) => e.balanceAfterMicros).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i * 367),
    );
    const [account] = await server.storage.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, userId));
    expect(account?.balanceMicros).toBe(0);
  });

  it("never lets concurrent usage pass the account's or a key's monthly limit", async () => {
    const ledger = createLedger(server.storage.db);
    const userId = await newUser();
    await ledger.credit({ kind: 'adjustment', userId, amountMicros: 1_000_000, description: 'x' });
    await setMonthlyLimit(server.storage.db, userId, 3_670, new Date());
    const [key] = await server.storage.db
      .insert(apiKeys)
      .values({
        userId,
        name: 'limited',
        prefix: 'prl_test',
        keyHash: randomBytes(16).toString('hex'),
        monthlyLimitMicros: 1_101,
      })
      .returning();
    // Jobs whose files claimed a second each finish together, each 367 µ$: under the key's
    // limit three fit, under the account's ten (the key's three among them).
    const debit = (i: number, apiKeyId: string | null) =>
      ledger.debit({
        userId,
        amountMicros: 367,
        reference: `limit-${userId}-${i}`,
        description: `job ${i}`,
        apiKeyId,
      });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => debit(i, i % 2 === 0 ? (key?.id ?? null) : null)),
    );
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    for (const reason of refused) expect(reason).toBeInstanceOf(SpendLimitExceeded);
    const usage = (await ledger.history(userId, 100)).filter((e) => e.kind === 'usage');
    expect(usage).toHaveLength(10);
    expect(usage.filter((e) => e.apiKeyId === key?.id)).toHaveLength(3);
    expect(await ledger.usageSince(userId, key?.id ?? null, new Date(0))).toEqual({
      account: 3_670,
      key: 1_101,
    });
    const [first] = refused as SpendLimitExceeded[];
    expect(first?.code).toBe('spend_limit_reached');
  });

  it('keeps balances beyond $2,147 (2^31 µ$) exact', async () => {
    const ledger = createLedger(server.storage.db);
    const userId = await newUser();
    await ledger.credit({
      kind: 'adjustment',
      userId,
      amountMicros: 9_000_000_000_000,
      description: '$9,000,000',
    });
    const { entry } = await ledger.debit({ userId, amountMicros: 367, description: '11 s' });
    expect(entry.balanceAfterMicros).toBe(8_999_999_999_633);
    expect(await ledger.balance(userId)).toBe(8_999_999_999_633);
  });
});
