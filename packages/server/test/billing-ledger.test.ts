import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InsufficientCredit, createLedger } from '../src/billing/ledger.js';
import { priceForSeconds, rateTable } from '../src/billing/rates.js';
import { grantSignupBonus } from '../src/billing/signup-bonus.js';
import { users } from '../src/db/schema/auth.js';
import { billingAccounts, ledgerEntries } from '../src/db/schema/billing.js';
import { backends, startServer, type TestServer } from './helpers.js';

describe('rate table', () => {
  it('charges per started second, rounded up to whole cents per job', () => {
    expect(priceForSeconds('tiny', 0)).toBe(0);
    expect(priceForSeconds('tiny', 0.2)).toBe(1); // 1 s of 12 ¢/h rounds up to a cent
    expect(priceForSeconds('tiny', 300)).toBe(1); // 5 min × $0.002 = 1 ¢
    expect(priceForSeconds('tiny', 301)).toBe(2);
    expect(priceForSeconds('large-v3', 3600)).toBe(72);
    expect(priceForSeconds('large-v3', 60)).toBe(2); // 1.2 ¢ → 2 ¢
    expect(priceForSeconds('medium.en', 1800)).toBe(24);
    expect(() => priceForSeconds('base', -1)).toThrow(RangeError);
  });

  it('lists every faster-whisper model, English-only variants flagged, cheapest first', () => {
    const rates = rateTable();
    expect(rates.map((r) => r.model)).toEqual([
      'tiny',
      'tiny.en',
      'base',
      'base.en',
      'small',
      'small.en',
      'medium',
      'medium.en',
      'large-v3',
      'turbo',
    ]);
    expect(rates.filter((r) => r.englishOnly).map((r) => r.model)).toEqual([
      'tiny.en',
      'base.en',
      'small.en',
      'medium.en',
    ]);
    expect(rates.every((r) => Number.isInteger(r.centsPerHour) && r.centsPerHour > 0)).toBe(true);
  });
});

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
      amountCents: 2000,
      reference: `pay_${userId}`,
      description: 'buy',
    });
    const { entry } = await ledger.debit({
      userId,
      amountCents: 35,
      reference: `job-${userId}`,
      description: 'job',
      audioSeconds: 61.5,
      model: 'base',
    });
    expect(entry).toMatchObject({
      kind: 'usage',
      amountCents: -35,
      balanceAfterCents: 1965,
      audioSeconds: 61.5,
      model: 'base',
    });
    expect(await ledger.balance(userId)).toBe(1965);
    const history = await ledger.history(userId, 10);
    expect(history.map((e) => [e.kind, e.amountCents, e.balanceAfterCents])).toEqual([
      ['usage', -35, 1965],
      ['purchase', 2000, 2000],
    ]);
    expect(await ledger.history(userId, 1)).toHaveLength(1);
  });

  it('refuses a debit beyond the balance with InsufficientCredit and books nothing', async () => {
    const ledger = createLedger(server.storage.db);
    const userId = await newUser();
    await ledger.credit({ kind: 'adjustment', userId, amountCents: 100, description: 'grant' });
    const attempt = ledger.debit({
      userId,
      amountCents: 101,
      reference: `big-${userId}`,
      description: 'too big',
    });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientCredit);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 402,
      balanceCents: 100,
      requiredCents: 101,
    });
    expect(await ledger.balance(userId)).toBe(100);
    expect(await ledger.history(userId, 10)).toHaveLength(1);
    await expect(ledger.debit({ userId, amountCents: 0, description: 'nothing' })).rejects.toThrow(
      RangeError,
    );
  });

  it('books a job, a payment and a signup bonus at most once', async () => {
    const ledger = createLedger(server.storage.db);
    const userId = await newUser();
    await grantSignupBonus(server.storage.db, userId, 500);
    await grantSignupBonus(server.storage.db, userId, 500);
    const first = await ledger.debit({
      userId,
      amountCents: 40,
      reference: `job-${userId}`,
      description: 'job',
    });
    const again = await ledger.debit({
      userId,
      amountCents: 40,
      reference: `job-${userId}`,
      description: 'job',
    });
    expect(first.created).toBe(true);
    expect(again).toEqual({ entry: first.entry, created: false });
    expect(await ledger.balance(userId)).toBe(460);
    const kinds = (await ledger.history(userId, 10)).map((e) => e.kind);
    expect(kinds).toEqual(['usage', 'signup_bonus']);
    // The database itself refuses a second booking that bypasses the service.
    await expect(
      server.storage.db.insert(ledgerEntries).values({
        id: `txn_dup_${userId}`,
        userId,
        kind: 'usage',
        amountCents: -40,
        balanceAfterCents: 420,
        reference: `job-${userId}`,
        description: 'dup',
        createdAt: new Date(),
      }),
    ).rejects.toThrow();
  });

  it('never lets concurrent debits take the balance below zero', async () => {
    const ledger = createLedger(server.storage.db);
    const userId = await newUser();
    await ledger.credit({ kind: 'adjustment', userId, amountCents: 2000, description: '$20' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        ledger.debit({
          userId,
          amountCents: 100,
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
    expect(debits.map((e) => e.balanceAfterCents).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i * 100),
    );
    const [account] = await server.storage.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, userId));
    expect(account?.balanceCents).toBe(0);
  });
});
