import { eq, sql } from 'drizzle-orm';
import { billingAccounts } from '../db/schema/billing.js';
import { users } from '../db/schema/auth.js';
import type { BillingDb, Clock } from './deps.js';
import type { PaymentProvider, ProviderCustomer } from './providers/types.js';

async function ensureAccount(db: BillingDb, userId: string, now: Date): Promise<void> {
  await db
    .insert(billingAccounts)
    .values({ userId, balanceMicros: 0, updatedAt: now })
    .onConflictDoNothing();
}

/**
 * Creates the user's billing account row if missing and locks it (SELECT … FOR UPDATE) until
 * the transaction ends: every change to a user's balance or cards is serialised on this lock.
 */
export async function lockAccount(
  tx: BillingDb,
  userId: string,
  now: Date,
): Promise<{ balanceMicros: number; owedMicros: number }> {
  await ensureAccount(tx, userId, now);
  const [account] = await tx
    .select({
      balanceMicros: billingAccounts.balanceMicros,
      owedMicros: billingAccounts.owedMicros,
    })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId))
    .for('update');
  if (!account) throw new Error(`billing account ${userId} vanished`);
  return account;
}

/**
 * The provider's view of a user, creating the billing account row and the provider's
 * customer (Stripe) on first use and remembering its id.
 */
export async function customerFor(
  db: BillingDb,
  provider: PaymentProvider,
  clock: Clock,
  userId: string,
): Promise<ProviderCustomer> {
  await ensureAccount(db, userId, clock.now());
  const [row] = await db
    .select({ email: users.email, customerRef: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .innerJoin(users, eq(users.id, billingAccounts.userId))
    .where(eq(billingAccounts.userId, userId));
  if (!row) throw new Error(`user ${userId} not found`);
  const customer: ProviderCustomer = { userId, email: row.email, customerRef: row.customerRef };
  const customerRef = await provider.ensureCustomer(customer);
  if (customerRef !== row.customerRef) {
    await db
      .update(billingAccounts)
      .set({ stripeCustomerId: customerRef })
      .where(eq(billingAccounts.userId, userId));
  }
  return { ...customer, customerRef };
}

/** Where the account's owner is e-mailed; null once the account is gone. */
export async function ownerEmail(db: BillingDb, userId: string): Promise<string | null> {
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return owner?.email ?? null;
}

/** Who receipts are made out to: the billing name (the account's name unless one is set), e-mail. */
export async function billedTo(
  db: BillingDb,
  userId: string,
): Promise<{ name: string; email: string }> {
  const [row] = await db
    .select({
      name: sql<string>`coalesce(${billingAccounts.billingName}, ${users.name})`,
      email: users.email,
    })
    .from(users)
    .leftJoin(billingAccounts, eq(billingAccounts.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} not found`);
  return row;
}

/** Sets the name receipts are made out to; null: the account's name again. */
export async function setBillingName(
  db: BillingDb,
  clock: Clock,
  userId: string,
  billingName: string | null,
): Promise<void> {
  await ensureAccount(db, userId, clock.now());
  await db
    .update(billingAccounts)
    .set({ billingName, updatedAt: clock.now() })
    .where(eq(billingAccounts.userId, userId));
}

/** The user owning a Stripe customer, for webhooks. */
export async function userOfCustomer(db: BillingDb, customerRef: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: billingAccounts.userId })
    .from(billingAccounts)
    .where(eq(billingAccounts.stripeCustomerId, customerRef));
  return row?.userId ?? null;
}

/** The user's Stripe customer, if one was created. */
export async function customerRefOf(db: BillingDb, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerRef: billingAccounts.stripeCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.userId, userId));
  return row?.customerRef ?? null;
}
