/**
 * Migrations that change data, run on a database filled before them, on both backends, through the
 * same `openDatabase` a deployment runs at start-up:
 * - 0006 (ledger_micros): every amount in cents comes out as the same money in micro-dollars.
 * - 0008 (account_erasure): addresses that already had the welcome bonus are recorded as claimed.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { migrationsFolder, openDatabase, type Storage } from '../src/db/index.js';
import { bonusClaimHash, grantSignupBonus } from '../src/billing/signupBonus.js';
import { users } from '../src/db/schema/auth.js';
import {
  billingAccounts,
  ledgerEntries,
  payments,
  signupBonusClaims,
} from '../src/db/schema/billing.js';
import { transcriptions } from '../src/db/schema/transcription.js';
import { backends, TEST_DATABASE_URL, type Backend } from './helpers.js';

/** A copy of the migrations folder whose journal stops just before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'parlance-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`migration ${tag} is not in the journal`);
  journal.entries = journal.entries.slice(0, index);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

type Execute = (query: ReturnType<typeof sql>) => Promise<{ rows: unknown[] }>;

/**
 * A database migrated up to just before `tag`, filled by `seed`, then closed; `open()` opens it
 * with every migration applied, as the server does.
 */
async function databaseBefore(
  backend: Backend,
  tag: string,
  seed: (execute: Execute) => Promise<void>,
): Promise<{ open(): Promise<Storage>; cleanup(): Promise<void> }> {
  const oldMigrations = await migrationsBefore(tag);
  const dataDir = await mkdtemp(join(tmpdir(), 'parlance-migration-'));
  const removeFiles = async () => {
    await rm(oldMigrations, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  };
  if (backend === 'pglite') {
    const client = await PGlite.create(join(dataDir, 'pglite'));
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder: oldMigrations });
    await seed((query) => db.execute(query));
    await client.close();
    return { open: () => openDatabase({ dataDir }), cleanup: removeFiles };
  }
  const name = `parlance_m_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzlePg({ client });
  await migratePg(db, { migrationsFolder: oldMigrations });
  await seed((query) => db.execute(query));
  await client.end();
  return {
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir }),
    cleanup: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await removeFiles();
    },
  };
}

describe.each(backends)('migrations on existing data (%s)', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('turns every amount in cents into the same money in micro-dollars', async () => {
    let rich = '';
    let poor = '';
    const database = await databaseBefore(backend, '0006_ledger_micros', async (execute) => {
      const user = async (email: string) => {
        const { rows } = await execute(
          sql`insert into users (email, name) values (${email}, 'Migrated') returning id`,
        );
        return (rows[0] as { id: string }).id;
      };
      rich = await user('rich@example.test');
      poor = await user('poor@example.test');
      // $3,000 bought, $500 spent: $2,500 is 2.5 × 10⁹ µ$, beyond a 32-bit integer.
      await execute(sql`
        insert into billing_accounts (user_id, balance_cents, updated_at)
        values (${rich}, 250000, now()), (${poor}, 0, now())`);
      await execute(sql`
        insert into ledger_entries
          (id, user_id, kind, amount_cents, balance_after_cents, reference, description, created_at)
        values
          ('txn_buy', ${rich}, 'purchase', 300000, 300000, 'pay_1', 'buy', now()),
          ('txn_use', ${rich}, 'usage', -50000, 250000, 'job_1', 'use', now()),
          ('txn_bonus', ${poor}, 'signup_bonus', 500, 500, ${poor}, 'bonus', now()),
          ('txn_spent', ${poor}, 'usage', -500, 0, 'job_2', 'use', now())`);
      await execute(sql`
        insert into payments (id, user_id, provider, amount_cents, currency, status, created_at, updated_at)
        values ('pay_1', ${rich}, 'test', 300000, 'USD', 'succeeded', now(), now())`);
      await execute(sql`
        insert into transcriptions (user_id, model, source, status, cost_cents)
        values (${rich}, 'tiny.en', 'url', 'completed', 2), (${rich}, 'tiny.en', 'url', 'queued', null)`);
    });
    cleanups.push(database.cleanup);
    const storage = await database.open();
    cleanups.unshift(() => storage.close());
    const { db } = storage;

    const accounts = await db.select().from(billingAccounts);
    expect(Object.fromEntries(accounts.map((a) => [a.userId, a.balanceMicros]))).toEqual({
      [rich]: 2_500_000_000,
      [poor]: 0,
    });
    const entries = await db.select().from(ledgerEntries).orderBy(ledgerEntries.seq);
    expect(entries.map((e) => [e.id, e.amountMicros, e.balanceAfterMicros])).toEqual([
      ['txn_buy', 3_000_000_000, 3_000_000_000],
      ['txn_use', -500_000_000, 2_500_000_000],
      ['txn_bonus', 5_000_000, 5_000_000],
      ['txn_spent', -5_000_000, 0],
    ]);
    const [payment] = await db.select().from(payments);
    expect(payment?.amountMicros).toBe(3_000_000_000);
    const costs = await db.select({ cost: transcriptions.costMicros }).from(transcriptions);
    expect(costs.map((row) => row.cost).sort()).toEqual([20_000, null]);

    // The ledger carries on from the converted balance, in micro-dollars.
    const { entry } = await createLedger(db).debit({
      userId: rich,
      amountMicros: 367,
      description: '11 s of tiny.en',
    });
    expect(entry.balanceAfterMicros).toBe(2_499_999_633);

    // Balances still cannot go below zero, in the table or in the ledger.
    const violation = (constraint: string) => ({ cause: expect.objectContaining({ constraint }) });
    await expect(
      db.update(billingAccounts).set({ balanceMicros: -1 }).where(eq(billingAccounts.userId, poor)),
    ).rejects.toMatchObject(violation('billing_accounts_balance_not_negative'));
    await expect(
      db.execute(sql`
        insert into ledger_entries (id, user_id, kind, amount_micros, balance_after_micros, description, created_at)
        values ('txn_negative', ${poor}, 'adjustment', -1, -1, 'below zero', now())`),
    ).rejects.toMatchObject(violation('ledger_entries_balance_not_negative'));
  });

  it('records the welcome bonus of existing accounts as claimed by their e-mail address', async () => {
    let paid = '';
    const database = await databaseBefore(backend, '0008_account_erasure', async (execute) => {
      const user = async (email: string) => {
        const { rows } = await execute(
          sql`insert into users (email, name) values (${email}, 'Migrated') returning id`,
        );
        return (rows[0] as { id: string }).id;
      };
      paid = await user('early+list@example.test');
      const gmail = await user('j.doe+x@googlemail.com');
      const unpaid = await user('never-verified@example.test');
      await execute(sql`
        insert into billing_accounts (user_id, balance_micros, updated_at)
        values (${paid}, 5000000, now()), (${gmail}, 5000000, now()), (${unpaid}, 0, now())`);
      await execute(sql`
        insert into ledger_entries
          (id, user_id, kind, amount_micros, balance_after_micros, reference, description, created_at)
        values
          ('txn_bonus', ${paid}, 'signup_bonus', 5000000, 5000000, ${paid}, 'bonus', now()),
          ('txn_gmail', ${gmail}, 'signup_bonus', 5000000, 5000000, ${gmail}, 'bonus', now())`);
    });
    cleanups.push(database.cleanup);
    const storage = await database.open();
    cleanups.unshift(() => storage.close());
    const { db } = storage;

    // The SQL of the migration and bonusClaimHash agree, "+tag" dropped.
    const claims = await db.select().from(signupBonusClaims);
    expect(claims.map((c) => c.emailHash).sort()).toEqual(
      [bonusClaimHash('early@example.test'), bonusClaimHash('jdoe@gmail.com')].sort(),
    );
    expect(bonusClaimHash('early+list@example.test')).toBe(bonusClaimHash('early@example.test'));
    expect(bonusClaimHash('J.Doe@GoogleMail.com')).toBe(bonusClaimHash('jdoe@gmail.com'));
    // Dots count everywhere else: they can name different mailboxes.
    expect(bonusClaimHash('j.doe@example.test')).not.toBe(bonusClaimHash('jdoe@example.test'));

    // The same address registering again after deleting its account gets no second bonus.
    await db.delete(users).where(eq(users.id, paid));
    const [again] = await db
      .insert(users)
      .values({ email: 'early@example.test', name: 'Again' })
      .returning();
    await grantSignupBonus(db, again?.id ?? '', 5_000_000);
    expect(await createLedger(db).balance(again?.id ?? '')).toBe(0);
    const [fresh] = await db
      .insert(users)
      .values({ email: 'new@example.test', name: 'New' })
      .returning();
    await grantSignupBonus(db, fresh?.id ?? '', 5_000_000);
    expect(await createLedger(db).balance(fresh?.id ?? '')).toBe(5_000_000);
  });
});
