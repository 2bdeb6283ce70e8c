import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { sentWith } from '../apiKeys/sender.js';
import { billingAccounts, ledgerEntries, type LedgerEntry } from '../db/schema/billing.js';
import type { TranscriptionSource } from '../db/schema/transcription.js';
import { DomainError } from '../domainErrors.js';
import { lockAccount } from './accounts.js';
import { billingMonth, monthlyLimits, tightestRoom, type SpendRoom } from './monthlyLimits.js';
import type { BillingDb, Clock } from './deps.js';
import { formatUsd } from './money.js';

export type CreditKind = 'purchase' | 'adjustment' | 'signup_bonus';
export type DebitKind = 'usage' | 'adjustment';
/** Money a payment provider gave back to the cardholder: a refund, or a dispute (chargeback). */
export type ReversalKind = 'refund' | 'dispute';

/** A debit that would take the balance below zero. Nothing was booked. */
export class InsufficientCredit extends DomainError {
  override name = 'InsufficientCredit';

  constructor(
    readonly balanceMicros: number,
    readonly requiredMicros: number,
  ) {
    super(
      'insufficient_credit',
      `Insufficient credit: this costs ${formatUsd(requiredMicros)} but your balance is ${formatUsd(balanceMicros)}.`,
      { details: { balanceMicros, requiredMicros } },
    );
  }
}

/**
 * A usage debit that would take this month's usage past the account's or its API key's monthly
 * spending limit (`room`: the tighter, as it stood). Nothing was booked. Checked under the
 * account's lock, so jobs finishing at once cannot pass a limit together, whatever their files
 * claimed to hold when they were admitted.
 */
export class SpendLimitExceeded extends DomainError {
  override name = 'SpendLimitExceeded';

  constructor(
    readonly room: SpendRoom,
    readonly requiredMicros: number,
  ) {
    super(
      'spend_limit_reached',
      `A monthly spending limit of ${formatUsd(room.limitMicros)} is reached.`,
      {
        details: { scope: room.scope, limitMicros: room.limitMicros, usedMicros: room.usedMicros },
      },
    );
  }
}

/** What the account's usage cost since `since`: all of it, and what API key `apiKeyId` sent. */
async function usageSince(
  db: BillingDb,
  userId: string,
  apiKeyId: string | null,
  since: Date,
): Promise<{ account: number; key: number }> {
  const [row] = await db
    .select({
      account: sql<string>`coalesce(-sum(${ledgerEntries.amountMicros}), 0)::text`,
      key: sql<string>`coalesce(-sum(${ledgerEntries.amountMicros}) filter (where ${ledgerEntries.apiKeyId} = ${apiKeyId}), 0)::text`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.kind, 'usage'),
        gte(ledgerEntries.createdAt, since),
      ),
    );
  return { account: Number(row?.account ?? 0), key: Number(row?.key ?? 0) };
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
  /** Usage rows: the API key that sent the job (null from the web app). */
  apiKeyId?: string | null;
  /** Usage rows: where the job's audio came from. */
  audioSource?: TranscriptionSource;
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
  const checkAmount = (amountMicros: number, zeroAllowed = false) => {
    if (!Number.isSafeInteger(amountMicros) || amountMicros < (zeroAllowed ? 0 : 1)) {
      throw new RangeError(`amountMicros must be a positive integer, got ${amountMicros}`);
    }
  };

  /** The entry already booked for (kind, reference): every kind but adjustments books once. */
  async function booked(tx: BillingDb, kind: LedgerEntry['kind'], reference?: string) {
    if (reference === undefined || kind === 'adjustment') return undefined;
    const [existing] = await tx
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, kind), eq(ledgerEntries.reference, reference)));
    return existing;
  }

  /** Appends one entry and moves the locked account's balance and debt by the given amounts. */
  async function append(
    tx: BillingDb,
    account: { balanceMicros: number; owedMicros: number },
    kind: LedgerEntry['kind'],
    signedMicros: number,
    booking: Booking & Omit<DebitBooking, 'kind'>,
    owedChangeMicros = 0,
  ): Promise<LedgerEntry> {
    const now = clock.now();
    const balanceAfterMicros = account.balanceMicros + signedMicros;
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        id: `txn_${randomUUID().replaceAll('-', '')}`,
        userId: booking.userId,
        kind,
        amountMicros: signedMicros,
        balanceAfterMicros,
        reference: booking.reference ?? null,
        description: booking.description,
        audioSeconds: booking.audioSeconds ?? null,
        model: booking.model ?? null,
        ...sentWith(booking.apiKeyId ?? null),
        audioSource: booking.audioSource ?? null,
        createdAt: now,
      })
      .returning();
    account.balanceMicros = balanceAfterMicros;
    account.owedMicros += owedChangeMicros;
    await tx
      .update(billingAccounts)
      .set({ balanceMicros: account.balanceMicros, owedMicros: account.owedMicros, updatedAt: now })
      .where(eq(billingAccounts.userId, booking.userId));
    if (!entry) throw new Error('ledger insert returned no row');
    return entry;
  }

  /** Balance and what is owed after refunds and disputes, in micro-dollars. */
  async function standing(userId: string): Promise<{ balanceMicros: number; owedMicros: number }> {
    const [row] = await db
      .select({
        balanceMicros: billingAccounts.balanceMicros,
        owedMicros: billingAccounts.owedMicros,
      })
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, userId));
    return row ?? { balanceMicros: 0, owedMicros: 0 };
  }

  /** Refuses a usage debit past the account's or its key's monthly limit (the account is locked). */
  async function checkSpendLimits(
    tx: BillingDb,
    { userId, apiKeyId = null }: { userId: string; apiKeyId?: string | null },
    costMicros: number,
  ): Promise<void> {
    const limits = await monthlyLimits(tx, userId, apiKeyId);
    if (limits.account === null && limits.key === null) return;
    const now = clock.now();
    const used = await usageSince(tx, userId, apiKeyId, billingMonth(now).start);
    const room = tightestRoom(limits, used, now);
    if (room && room.roomMicros < costMicros) throw new SpendLimitExceeded(room, costMicros);
  }

  async function book(
    kind: LedgerEntry['kind'],
    signedMicros: number,
    booking: Booking & Omit<DebitBooking, 'kind'>,
  ): Promise<BookingResult> {
    checkAmount(booking.amountMicros);
    return db.transaction(async (tx) => {
      const account = await lockAccount(tx, booking.userId, clock.now());
      const existing = await booked(tx, kind, booking.reference);
      if (existing) return { entry: existing, created: false };
      if (account.balanceMicros + signedMicros < 0)
        throw new InsufficientCredit(account.balanceMicros, -signedMicros);
      if (kind === 'usage') await checkSpendLimits(tx, booking, -signedMicros);
      const entry = await append(tx, account, kind, signedMicros, booking);
      // Credit arriving while a refund or dispute is owed settles that first.
      const settled = signedMicros > 0 ? Math.min(account.owedMicros, signedMicros) : 0;
      if (settled > 0) {
        await append(
          tx,
          account,
          'adjustment',
          -settled,
          {
            userId: booking.userId,
            amountMicros: settled,
            reference: entry.id,
            description: `Settles ${formatUsd(settled)} owed after a refunded or disputed payment`,
          },
          -settled,
        );
      }
      return { entry, created: true };
    });
  }

  return {
    credit: ({ kind, ...booking }: CreditBooking) => book(kind, booking.amountMicros, booking),

    /**
     * Takes back credit the provider returned to the cardholder, once per (kind, reference).
     * The balance never goes below zero: what it cannot cover is owed, and an account that owes
     * anything starts no new jobs until credit arriving later (a purchase, a won dispute)
     * settles it. The entry books what was taken now (possibly nothing) and says what is owed.
     */
    takeBack: ({ kind, ...booking }: Booking & { kind: ReversalKind }): Promise<BookingResult> => {
      checkAmount(booking.amountMicros);
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, booking.userId, clock.now());
        const existing = await booked(tx, kind, booking.reference);
        if (existing) return { entry: existing, created: false };
        const taken = Math.min(account.balanceMicros, booking.amountMicros);
        const owed = booking.amountMicros - taken;
        const description =
          owed > 0 ? `${booking.description}; ${formatUsd(owed)} is owed` : booking.description;
        const entry = await append(tx, account, kind, -taken, { ...booking, description }, owed);
        return { entry, created: true };
      });
    },

    /**
     * Gives back what `takeBack` took when the provider returns the money (a dispute won):
     * what is still owed is cancelled first, the rest is credited. Once per (kind, reference).
     */
    giveBack: ({ kind, ...booking }: Booking & { kind: ReversalKind }): Promise<BookingResult> => {
      checkAmount(booking.amountMicros);
      return db.transaction(async (tx) => {
        const account = await lockAccount(tx, booking.userId, clock.now());
        const existing = await booked(tx, kind, booking.reference);
        if (existing) return { entry: existing, created: false };
        const forgiven = Math.min(account.owedMicros, booking.amountMicros);
        const entry = await append(
          tx,
          account,
          kind,
          booking.amountMicros - forgiven,
          booking,
          -forgiven,
        );
        return { entry, created: true };
      });
    },

    /** Throws InsufficientCredit (and books nothing) when the balance does not cover it. */
    debit: ({ kind = 'usage', ...booking }: DebitBooking) =>
      book(kind, -booking.amountMicros, booking),

    /** In micro-dollars. */
    balance: async (userId: string): Promise<number> => (await standing(userId)).balanceMicros,

    standing,

    /**
     * What the account's usage cost since `since`, all of it and what the API key `apiKeyId` sent
     * (0 without one): the usage entries booked, which deleting a transcript does not remove.
     */
    usageSince: (userId: string, apiKeyId: string | null, since: Date) =>
      usageSince(db, userId, apiKeyId, since),

    /** Newest first; all of them without a limit. */
    async history(userId: string, limit?: number): Promise<LedgerEntry[]> {
      const query = db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.userId, userId))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.seq));
      return limit === undefined ? query : query.limit(limit);
    },
  };
}
