import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lt, sum } from 'drizzle-orm';
import {
  ledgerEntries,
  paymentReversals,
  payments,
  type LedgerEntry,
  type PaymentMethodRow,
  type PaymentRow,
} from '../db/schema/billing.js';
import { DomainError } from '../domainErrors.js';
import { billedTo, customerFor } from './accounts.js';
import type { Cards } from './cards.js';
import type { BillingDb, Clock } from './deps.js';
import { createLedger, type ReversalKind } from './ledger.js';
import { centsToMicros, formatUsd, microsToCents } from './money.js';
import { PaymentError, type ChargeOutcome, type PaymentProvider } from './providers/types.js';

export interface PurchaseRequest {
  userId: string;
  /** Whole cents' worth: what the card is charged and the account credited. */
  amountMicros: number;
  paymentMethodId?: string | undefined;
  idempotencyKey?: string | undefined;
  /** true: only charge a saved card (never answer with a next step). */
  savedCardOnly: boolean;
  /** Nobody is there to answer 3-D Secure (auto top-up): a card that asks for it fails. */
  offSession?: boolean;
}

export type PurchaseResult =
  | { status: 'succeeded'; payment: PaymentRow; entry: LedgerEntry; balanceMicros: number }
  | { status: 'requires_action'; paymentId: string; clientSecret: string }
  | { status: 'requires_payment_method'; message: string };

export const describeCard = (brand: string | null, last4: string | null) =>
  brand && last4 ? `${brand.charAt(0).toUpperCase()}${brand.slice(1)} •••• ${last4}` : null;

const ADD_CARD_FIRST = 'Add a card to buy credits.';

const inProgress = () =>
  new DomainError(
    'purchase_in_progress',
    'This purchase is still being processed. Try again in a moment.',
  );

/** A purchase still waiting for the cardholder after this long is cancelled (abandonStale). */
export const ABANDONED_PURCHASE_MINUTES = 60;
const ABANDONED_PURCHASE_MS = ABANDONED_PURCHASE_MINUTES * 60_000;
/** Purchases cancelled per sweep: each is a call to the provider. */
const ABANDON_BATCH = 20;
const ABANDONED_MESSAGE = `Your bank's confirmation did not come within ${ABANDONED_PURCHASE_MINUTES} minutes, so the purchase was cancelled. Nothing was charged.`;

/** Buying credits: a payment row per attempt, credited to the ledger exactly once on success. */
export function createPurchases(
  db: BillingDb,
  provider: PaymentProvider,
  cards: Cards,
  clock: Clock,
) {
  async function cardFor(request: PurchaseRequest): Promise<PaymentMethodRow | null> {
    return request.paymentMethodId
      ? cards.find(request.userId, request.paymentMethodId)
      : cards.defaultCard(request.userId);
  }

  /**
   * Marks the payment paid and credits it, once: replays (webhooks, retries) return the first
   * booking. null when the payment is not ours (another system sharing the Stripe account).
   * `paidCents`: what the provider says it charged, checked against the payment.
   */
  async function settle(paymentId: string, providerRef: string | null, paidCents?: number) {
    return db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, paymentId))
        .for('update');
      if (!payment) return null;
      if (paidCents !== undefined && centsToMicros(paidCents) !== payment.amountMicros) {
        throw new Error(
          `payment ${paymentId}: paid ${formatUsd(centsToMicros(paidCents))}, expected ${formatUsd(payment.amountMicros)}`,
        );
      }
      let paid = payment;
      if (payment.status !== 'succeeded') {
        const [updated] = await tx
          .update(payments)
          .set({
            status: 'succeeded',
            providerRef: providerRef ?? payment.providerRef,
            updatedAt: clock.now(),
          })
          .where(eq(payments.id, paymentId))
          .returning();
        paid = updated ?? payment;
      }
      const method = describeCard(payment.methodBrand, payment.methodLast4);
      const { entry } = await createLedger(tx, clock).credit({
        kind: 'purchase',
        userId: payment.userId,
        amountMicros: payment.amountMicros,
        reference: payment.id,
        description: `Purchased ${formatUsd(payment.amountMicros)} of credit${method ? ` (${method})` : ''}`,
      });
      return { payment: paid, entry };
    });
  }

  async function fail(paymentId: string, code: string, message: string): Promise<void> {
    await db
      .update(payments)
      .set({ status: 'failed', failureCode: code, failureMessage: message, updatedAt: clock.now() })
      .where(
        and(eq(payments.id, paymentId), inArray(payments.status, ['pending', 'requires_action'])),
      );
  }

  async function succeeded(paymentId: string, providerRef: string | null): Promise<PurchaseResult> {
    const settled = await settle(paymentId, providerRef);
    if (!settled) throw new Error(`payment ${paymentId} vanished`);
    const { payment, entry } = settled;
    // Read afresh: credit arriving while something was owed settled that too (Ledger.book).
    const balanceMicros = await createLedger(db, clock).balance(payment.userId);
    return { status: 'succeeded', payment, entry, balanceMicros };
  }

  async function applyOutcome(
    payment: PaymentRow,
    outcome: ChargeOutcome,
  ): Promise<PurchaseResult> {
    if (outcome.status === 'succeeded') return succeeded(payment.id, outcome.providerRef);
    if (outcome.status === 'processing') {
      await db
        .update(payments)
        .set({ providerRef: outcome.providerRef })
        .where(eq(payments.id, payment.id));
      throw inProgress();
    }
    if (outcome.status === 'requires_action') {
      // Once: a replay leaves the row (and when it began waiting) as it is, and a webhook that
      // settled it meanwhile is never undone.
      await db
        .update(payments)
        .set({
          status: 'requires_action',
          providerRef: outcome.providerRef,
          updatedAt: clock.now(),
        })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
      return {
        status: 'requires_action',
        paymentId: payment.id,
        clientSecret: outcome.clientSecret,
      };
    }
    await db
      .update(payments)
      .set({ providerRef: outcome.providerRef ?? payment.providerRef })
      .where(eq(payments.id, payment.id));
    await fail(payment.id, outcome.code, outcome.message);
    throw new PaymentError(outcome.code, outcome.message);
  }

  /** Sends the payment to the provider: charges its card, or starts a checkout the client confirms. */
  async function submit(
    payment: PaymentRow,
    card: PaymentMethodRow | null,
    offSession: boolean,
  ): Promise<PurchaseResult> {
    const customer = await customerFor(db, provider, clock, payment.userId);
    const request = {
      customer,
      paymentId: payment.id,
      amountCents: microsToCents(payment.amountMicros),
      offSession,
    };
    if (card) return applyOutcome(payment, await provider.charge(request, card));
    if (!provider.startCheckout) throw new DomainError('payment_method_required', ADD_CARD_FIRST);
    return applyOutcome(payment, await provider.startCheckout(request));
  }

  /** A retried request with the same Idempotency-Key: answer what the first one did. */
  async function replay(payment: PaymentRow, request: PurchaseRequest): Promise<PurchaseResult> {
    if (payment.amountMicros !== request.amountMicros) {
      throw new DomainError(
        'idempotency_key_reused',
        'This Idempotency-Key was already used for a different purchase.',
      );
    }
    switch (payment.status) {
      case 'succeeded':
        return succeeded(payment.id, payment.providerRef);
      case 'failed':
        throw new PaymentError(
          payment.failureCode ?? 'card_declined',
          payment.failureMessage ?? 'Your card was declined.',
        );
      case 'requires_action':
        // The provider's idempotency lasts a day (Stripe's 24 h): ask the first charge instead.
        if (payment.providerRef)
          return applyOutcome(payment, await provider.chargeStatus(payment.providerRef));
        return submit(
          payment,
          payment.paymentMethodId
            ? await cards.find(payment.userId, payment.paymentMethodId)
            : null,
          request.offSession ?? false,
        );
      case 'pending':
        throw inProgress();
    }
  }

  async function existing(userId: string, idempotencyKey: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey)));
    return row;
  }

  const REVERSAL_WORDS: Record<ReversalKind, string> = { refund: 'refunded', dispute: 'disputed' };

  /** Our payment behind a provider's PaymentIntent id, locked until the transaction ends. */
  async function lockedPayment(tx: BillingDb, providerRef: string) {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.providerRef, providerRef))
      .for('update');
    return payment;
  }

  /** Not settled yet: its credit is not booked, so a reversal cannot be either. Stripe retries. */
  const notSettledYet = (payment: PaymentRow) =>
    new Error(`payment ${payment.id} is ${payment.status}: its reversal waits for it to settle`);

  return {
    settle,
    fail,

    /**
     * The provider gave (part of) a purchase back to the cardholder: a refund or a dispute, named
     * by `reference` (its id at the provider). Takes that much credit back, once per reference and
     * never more in all than the payment (Ledger.takeBack: what the balance cannot cover is owed).
     * null: not our payment, or a reversal already recorded (also one whose money came back first).
     */
    async reverse(kind: ReversalKind, providerRef: string, reference: string, amountCents: number) {
      return db.transaction(async (tx) => {
        const payment = await lockedPayment(tx, providerRef);
        if (!payment) return null;
        if (payment.status !== 'succeeded') throw notSettledYet(payment);
        const [known] = await tx
          .select()
          .from(paymentReversals)
          .where(eq(paymentReversals.reference, reference));
        if (known) return null;
        const [reversed] = await tx
          .select({ micros: sum(paymentReversals.amountMicros).mapWith(Number) })
          .from(paymentReversals)
          .where(
            and(eq(paymentReversals.paymentId, payment.id), eq(paymentReversals.state, 'taken')),
          );
        const amountMicros = Math.max(
          0,
          Math.min(centsToMicros(amountCents), payment.amountMicros - (reversed?.micros ?? 0)),
        );
        await tx.insert(paymentReversals).values({
          reference,
          paymentId: payment.id,
          kind,
          amountMicros,
          state: 'taken',
          createdAt: clock.now(),
        });
        if (amountMicros === 0) return null;
        return createLedger(tx, clock).takeBack({
          kind,
          userId: payment.userId,
          amountMicros,
          reference,
          description: `Payment of ${formatUsd(payment.amountMicros)} ${REVERSAL_WORDS[kind]}: ${formatUsd(amountMicros)} of credit taken back`,
        });
      });
    },

    /**
     * The money of a reversal came back (a dispute won, a refund that failed): gives back exactly
     * what `reverse` took for it, once (Ledger.giveBack cancels what is still owed first). Arriving
     * before the reversal itself, it is recorded so that the reversal books nothing later.
     */
    async restore(kind: ReversalKind, providerRef: string, reference: string) {
      return db.transaction(async (tx) => {
        const payment = await lockedPayment(tx, providerRef);
        if (!payment) return null;
        const [known] = await tx
          .select()
          .from(paymentReversals)
          .where(eq(paymentReversals.reference, reference));
        if (!known) {
          await tx.insert(paymentReversals).values({
            reference,
            paymentId: payment.id,
            kind,
            amountMicros: 0,
            state: 'returned',
            createdAt: clock.now(),
          });
          return null;
        }
        if (known.state === 'returned') return null;
        await tx
          .update(paymentReversals)
          .set({ state: 'returned' })
          .where(eq(paymentReversals.reference, reference));
        if (known.amountMicros === 0) return null;
        return createLedger(tx, clock).giveBack({
          kind,
          userId: payment.userId,
          amountMicros: known.amountMicros,
          reference: `${reference}:returned`,
          description:
            kind === 'dispute'
              ? `Dispute won: ${formatUsd(known.amountMicros)} of credit returned`
              : `Refund failed: ${formatUsd(known.amountMicros)} of credit returned`,
        });
      });
    },

    async purchase(request: PurchaseRequest): Promise<PurchaseResult> {
      const { userId, idempotencyKey } = request;
      const previous = idempotencyKey ? await existing(userId, idempotencyKey) : undefined;
      if (previous) return replay(previous, request);

      const card = await cardFor(request);
      if (!card && (request.savedCardOnly || !provider.startCheckout)) {
        if (request.savedCardOnly) throw new DomainError('payment_method_required', ADD_CARD_FIRST);
        return { status: 'requires_payment_method', message: ADD_CARD_FIRST };
      }
      const now = clock.now();
      const billed = await billedTo(db, userId);
      const [payment] = await db
        .insert(payments)
        .values({
          id: `pay_${randomUUID().replaceAll('-', '')}`,
          userId,
          provider: provider.kind,
          amountMicros: request.amountMicros,
          currency: 'USD',
          status: 'pending',
          paymentMethodId: card?.id ?? null,
          methodBrand: card?.brand ?? null,
          methodLast4: card?.last4 ?? null,
          billedToName: billed.name,
          billedToEmail: billed.email,
          idempotencyKey: idempotencyKey ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!payment) {
        // A concurrent request with the same key won the insert.
        const winner = idempotencyKey ? await existing(userId, idempotencyKey) : undefined;
        if (!winner) throw new Error('payment insert returned no row');
        return replay(winner, request);
      }
      return submit(payment, card, request.offSession ?? false);
    },

    /**
     * Purchases left waiting for the cardholder (3-D Secure, the tab closed) longer than
     * ABANDONED_PURCHASE_MINUTES are cancelled with the provider, so none is paid later unseen
     * and each says how it ended. One paid meanwhile is booked. Answers how many were cancelled,
     * and those the provider did not answer for (tried again next time).
     */
    async abandonStale(): Promise<{
      cancelled: number;
      unanswered: { paymentId: string; err: unknown }[];
    }> {
      const stale = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.provider, provider.kind),
            eq(payments.status, 'requires_action'),
            isNotNull(payments.providerRef),
            lt(payments.updatedAt, new Date(clock.now().getTime() - ABANDONED_PURCHASE_MS)),
          ),
        )
        .orderBy(asc(payments.updatedAt))
        .limit(ABANDON_BATCH);
      let cancelled = 0;
      const unanswered: { paymentId: string; err: unknown }[] = [];
      for (const payment of stale) {
        if (!payment.providerRef) continue;
        try {
          const outcome = await provider.cancelCharge(payment.providerRef);
          if (outcome.status === 'succeeded') await succeeded(payment.id, outcome.providerRef);
          else if (outcome.status === 'failed') {
            await fail(payment.id, 'purchase_abandoned', ABANDONED_MESSAGE);
            cancelled += 1;
          }
        } catch (err) {
          // One the provider will not answer for stays for the next sweep; the rest go on.
          unanswered.push({ paymentId: payment.id, err });
        }
      }
      return { cancelled, unanswered };
    },

    async receipt(userId: string, paymentId: string) {
      const [row] = await db
        .select({ payment: payments, transactionId: ledgerEntries.id })
        .from(payments)
        .leftJoin(
          ledgerEntries,
          and(eq(ledgerEntries.kind, 'purchase'), eq(ledgerEntries.reference, payments.id)),
        )
        .where(and(eq(payments.userId, userId), eq(payments.id, paymentId)));
      if (!row) throw new DomainError('not_found', 'Receipt not found');
      return row;
    },

    /** Payments behind the given purchase entries, by id. */
    async paymentsFor(entries: LedgerEntry[]): Promise<Map<string, PaymentRow>> {
      const ids = entries.flatMap((e) =>
        e.kind === 'purchase' && e.reference ? [e.reference] : [],
      );
      // In chunks: one statement binds at most 65,535 parameters.
      const chunks = Array.from({ length: Math.ceil(ids.length / 10_000) }, (_, i) =>
        ids.slice(i * 10_000, (i + 1) * 10_000),
      );
      const rows = await Promise.all(
        chunks.map((chunk) => db.select().from(payments).where(inArray(payments.id, chunk))),
      );
      return new Map(rows.flat().map((row) => [row.id, row]));
    },
  };
}

export type Purchases = ReturnType<typeof createPurchases>;
