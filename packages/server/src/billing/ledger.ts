import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { billingAccounts, ledgerEntries, type LedgerEntry } from '../db/schema/billing.js';
import { HttpError } from '../http/errors.js';
import { lockAccount } from './accounts.js';
import type { BillingDb, Clock } from './deps.js';
import { formatUsd } from './money.js';

export type CreditKind = 'purchase' | 'refund' | 'adjustment' | 'signup_bonus';
export type DebitKind = 'usage' | 'adjustment';

/** A debit that would take the balance below zero. Nothing was booked. Answered as 402. */
export class InsufficientCredit extends HttpError {
  override name = 'InsufficientCredit';

  constructor(
    readonly balanceMicros: number,
    readonly requiredMicros: number,
  ) {
    super(
      402,
      'insufficient_credit',
      `Insufficient credit: this costs ${formatUsd(requiredMicros)} but your balance is ${formatUsd(balanceMicros)}.`,
      { balanceMicros, requiredMicros },
    );
  }
}

export interface Booking {
  userId: string;
  /** Positive number of micro-dollars; the sign comes from credit/debit. */
  amountMicros: number;
  /** Payment, transcription or user id. Booked at most once per kind (adjustments excepted). */
  reference?: string;
  description: string;
}

export interface CreditBooking extends Booking {
  kind: CreditKind;
}

export interface DebitBooking extends Booking {
  kind?: DebitKind;
  /** Usage rows: audio seconds charged and model, for usage statistics. */
  audioSeconds?: number;
  model?: string;
}

export interface BookingResult {
  entry: LedgerEntry;
  /** false when (kind, reference) was already booked: `entry` is the earlier booking. */
  created: boolean;
}

export type Ledger = ReturnType<typeof createLedger>;

/**
 * The credit ledger. Every booking runs in one transaction that locks the user's balance
 * row (SELECT … FOR UPDATE), so concurrent debits are serialised and the balance never
 * goes below zero. `db` may itself be a transaction (bookings then nest as savepoints).
 */
export function createLedger(db: BillingDb, clock: Clock = { now: () => new Date() }) {
  async function book(
    kind: LedgerEntry['kind'],
    signedMicros: number,
    booking: Booking & { audioSeconds?: number; model?: string },
  ): Promise<BookingResult> {
    if (!Number.isSafeInteger(booking.amountMicros) || booking.amountMicros <= 0) {
      throw new RangeError(`amountMicros must be a positive integer, got ${booking.amountMicros}`);
    }
    const { userId, reference } = booking;
    return db.transaction(async (tx) => {
      const now = clock.now();
      const account = await lockAccount(tx, userId, now);

      if (reference !== undefined && kind !== 'adjustment') {
        const [existing] = await tx
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.kind, kind), eq(ledgerEntries.reference, reference)));
        if (existing) return { entry: existing, created: false };
      }

      const balanceAfterMicros = account.balanceMicros + signedMicros;
      if (balanceAfterMicros < 0)
        throw new InsufficientCredit(account.balanceMicros, -signedMicros);

      const [entry] = await tx
        .insert(ledgerEntries)
        .values({
          id: `txn_${randomUUID().replaceAll('-', '')}`,
          userId,
          kind,
          amountMicros: signedMicros,
          balanceAfterMicros,
          reference: reference ?? null,
          description: booking.description,
          audioSeconds: booking.audioSeconds ?? null,
          model: booking.model ?? null,
          createdAt: now,
        })
        .returning();
      await tx
        .update(billingAccounts)
        .set({ balanceMicros: balanceAfterMicros, updatedAt: now })
        .where(eq(billingAccounts.userId, userId));
      if (!entry) throw new Error('ledger insert returned no row');
      return { entry, created: true };
    });
  }

  return {
    credit: ({ kind, ...booking }: CreditBooking) => book(kind, booking.amountMicros, booking),

    /** Throws InsufficientCredit (and books nothing) when the balance does not cover it. */
    debit: ({ kind = 'usage', ...booking }: DebitBooking) =>
      book(kind, -booking.amountMicros, booking),

    /** In micro-dollars. */
    async balance(userId: string): Promise<number> {
      const [row] = await db
        .select({ balanceMicros: billingAccounts.balanceMicros })
        .from(billingAccounts)
        .where(eq(billingAccounts.userId, userId));
      return row?.balanceMicros ?? 0;
    },

    /** Newest first. */
    history(userId: string, limit: number): Promise<LedgerEntry[]> {
      return db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.seq))
        .limit(limit);
    },
  };
}
