import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte } from 'drizzle-orm';
import { paymentMethods, type PaymentMethodRow } from '../db/schema/billing.js';
import { DomainError } from '../domainErrors.js';
import { customerFor, lockAccount } from './accounts.js';
import type { BillingDb, Clock } from './deps.js';
import type { AddCardResult, CardInput, PaymentProvider, ProviderCard } from './providers/types.js';

export type AddedCard =
  { status: 'saved'; card: PaymentMethodRow } | Exclude<AddCardResult, { status: 'saved' }>;

/** Saved payment methods: at most one default per user; the first card saved becomes it. */
export function createCards(db: BillingDb, provider: PaymentProvider, clock: Clock) {
  const ofUser = (userId: string) =>
    and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider.kind));

  async function save(userId: string, card: ProviderCard): Promise<PaymentMethodRow> {
    return db.transaction(async (tx) => {
      // Serialised per user, so two first cards cannot both become the default.
      await lockAccount(tx, userId, clock.now());
      const [existingDefault] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(ofUser(userId), eq(paymentMethods.isDefault, true)));
      await tx
        .insert(paymentMethods)
        .values({
          id: `card_${randomUUID().replaceAll('-', '')}`,
          userId,
          provider: provider.kind,
          ...card,
          isDefault: !existingDefault,
          createdAt: clock.now(),
        })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.provider, provider.kind),
            eq(paymentMethods.providerRef, card.providerRef),
          ),
        );
      if (row?.userId !== userId)
        throw new Error(`card ${card.providerRef} is not saved for user ${userId}`);
      return row;
    });
  }

  async function find(userId: string, id: string): Promise<PaymentMethodRow> {
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(and(ofUser(userId), eq(paymentMethods.id, id)));
    if (!row) throw new DomainError('not_found', 'Payment method not found');
    return row;
  }

  return {
    save,
    find,

    /** Default first, then newest first. */
    list(userId: string): Promise<PaymentMethodRow[]> {
      return db
        .select()
        .from(paymentMethods)
        .where(ofUser(userId))
        .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
    },

    async defaultCard(userId: string): Promise<PaymentMethodRow | null> {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(and(ofUser(userId), eq(paymentMethods.isDefault, true)));
      return row ?? null;
    },

    async add(userId: string, input: CardInput | null): Promise<AddedCard> {
      const customer = await customerFor(db, provider, clock, userId);
      const result = await provider.addCard(customer, input, clock.now());
      return result.status === 'saved'
        ? { status: 'saved', card: await save(userId, result.card) }
        : result;
    },

    async remove(userId: string, id: string): Promise<void> {
      const card = await find(userId, id);
      await provider.removeCard(card.providerRef);
      await db.transaction(async (tx) => {
        await lockAccount(tx, userId, clock.now());
        await tx.delete(paymentMethods).where(eq(paymentMethods.id, card.id));
        if (!card.isDefault) return;
        const [next] = await tx
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(ofUser(userId))
          .orderBy(desc(paymentMethods.createdAt))
          .limit(1);
        if (next)
          await tx
            .update(paymentMethods)
            .set({ isDefault: true })
            .where(eq(paymentMethods.id, next.id));
      });
    },

    async setDefault(userId: string, id: string): Promise<PaymentMethodRow> {
      const card = await find(userId, id);
      await db.transaction(async (tx) => {
        await lockAccount(tx, userId, clock.now());
        await tx
          .update(paymentMethods)
          .set({ isDefault: false })
          .where(and(ofUser(userId), eq(paymentMethods.isDefault, true)));
        await tx
          .update(paymentMethods)
          .set({ isDefault: true })
          .where(eq(paymentMethods.id, card.id));
      });
      return { ...card, isDefault: true };
    },

    /** The newest card saved at or after `since` (e.g. by a Stripe webhook after card setup). */
    async savedSince(userId: string, since: Date): Promise<PaymentMethodRow | null> {
      const [row] = await db
        .select()
        .from(paymentMethods)
        .where(and(ofUser(userId), gte(paymentMethods.createdAt, since)))
        .orderBy(desc(paymentMethods.createdAt))
        .limit(1);
      return row ?? null;
    },
  };
}

export type Cards = ReturnType<typeof createCards>;
