import type { AutoTopUp } from '@parlance/contract';
import { AUTO_TOP_UP_INTERVAL_MINUTES } from '@parlance/contract/endpoints';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { billingAccounts } from '../db/schema/billing.js';
import { DomainError } from '../domainErrors.js';
import type { Mailer } from '../mail/mailer.js';
import { autoTopUpFailedMail } from '../mail/templates.js';
import { ownerEmail } from './accounts.js';
import type { Cards } from './cards.js';
import type { BillingDb, Clock } from './deps.js';
import { formatUsd } from './money.js';
import { PaymentError } from './providers/types.js';
import type { Purchases } from './purchases.js';

const INTERVAL_MS = AUTO_TOP_UP_INTERVAL_MINUTES * 60_000;

/** What one account's auto top-up did. */
type TopUpOutcome = 'not_due' | 'charged' | 'turned_off';

/** Why an off-session charge that did not go through failed, for the owner to read. */
const CONFIRMATION_ASKED =
  'Your bank asked to confirm the payment (3-D Secure), which cannot be done while you are away. Buy credit on the billing page once to confirm the card.';

/**
 * Auto top-up: when an account's balance falls below its threshold, its default card is charged
 * the amount it chose, through the same purchases (and ledger) as a purchase made on the billing
 * page. Each account is claimed with one conditional UPDATE (its threshold crossed, no attempt in
 * the last AUTO_TOP_UP_INTERVAL_MINUTES), so however many jobs or processes see the balance fall
 * at once, one of them charges. A charge the card refuses turns auto top-up off, says why on the
 * billing page, and e-mails the owner; an outage of the provider is tried again after the interval.
 */
export function createAutoTopUps(deps: {
  db: BillingDb;
  purchases: Purchases;
  cards: Cards;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  logger: FastifyBaseLogger;
}) {
  const { db, purchases, cards, clock } = deps;

  /** Accounts whose top-up is due at `now`: on, below the threshold, no attempt in the interval. */
  const dueAt = (now: Date) =>
    and(
      isNotNull(billingAccounts.autoTopUpAmountMicros),
      lt(billingAccounts.balanceMicros, billingAccounts.autoTopUpThresholdMicros),
      or(
        isNull(billingAccounts.autoTopUpAttemptedAt),
        lt(billingAccounts.autoTopUpAttemptedAt, new Date(now.getTime() - INTERVAL_MS)),
      ),
    );

  async function turnOff(userId: string, amountMicros: number, reason: string) {
    await db
      .update(billingAccounts)
      .set({
        autoTopUpThresholdMicros: null,
        autoTopUpAmountMicros: null,
        autoTopUpFailure: reason,
      })
      .where(eq(billingAccounts.userId, userId));
    const email = await ownerEmail(db, userId);
    if (email) {
      await deps.mailer.send(
        autoTopUpFailedMail(
          email,
          formatUsd(amountMicros),
          reason,
          `${deps.appUrl}/dashboard/billing`,
        ),
      );
    }
  }

  /** Charges the account's top-up when it is due; answers what happened. */
  async function topUp(userId: string): Promise<TopUpOutcome> {
    const now = clock.now();
    const [claimed] = await db
      .update(billingAccounts)
      .set({ autoTopUpAttemptedAt: now })
      .where(and(eq(billingAccounts.userId, userId), dueAt(now)))
      .returning({ amountMicros: billingAccounts.autoTopUpAmountMicros });
    const amountMicros = claimed?.amountMicros;
    if (!amountMicros) return 'not_due';
    let reason: string;
    try {
      const result = await purchases.purchase({
        userId,
        amountMicros,
        savedCardOnly: true,
        offSession: true,
        // One payment per claim. Should the process stop after the card was charged, the
        // provider's webhook settles the payment; the next claim waits out the interval.
        idempotencyKey: `auto-top-up:${now.toISOString()}`,
      });
      if (result.status === 'succeeded') return 'charged';
      reason = result.status === 'requires_action' ? CONFIRMATION_ASKED : result.message;
    } catch (err) {
      if (err instanceof PaymentError || err instanceof DomainError) reason = err.message;
      else throw err; // the provider is down: the claim's interval passes, then it is tried again
    }
    await turnOff(userId, amountMicros, reason);
    return 'turned_off';
  }

  return {
    /** Every account whose top-up is due, charged one after another (the sweep). */
    async runDue(): Promise<{ charged: number; turnedOff: number }> {
      const due = await db
        .select({ userId: billingAccounts.userId })
        .from(billingAccounts)
        .where(dueAt(clock.now()));
      let charged = 0;
      let turnedOff = 0;
      for (const { userId } of due) {
        try {
          const outcome = await topUp(userId);
          if (outcome === 'charged') charged += 1;
          if (outcome === 'turned_off') turnedOff += 1;
        } catch (err) {
          deps.logger.error({ err, userId }, 'auto top-up could not reach the payment provider');
        }
      }
      return { charged, turnedOff };
    },

    /** Sets (or, with null, turns off) the account's auto top-up; it needs a saved card. */
    async set(userId: string, setting: AutoTopUp | null): Promise<void> {
      if (setting && !(await cards.defaultCard(userId))) {
        throw new DomainError(
          'payment_method_required',
          'Save a card first: auto top-up charges your default card.',
        );
      }
      await db
        .insert(billingAccounts)
        .values({
          userId,
          autoTopUpThresholdMicros: setting?.thresholdMicros ?? null,
          autoTopUpAmountMicros: setting?.amountMicros ?? null,
          updatedAt: clock.now(),
        })
        .onConflictDoUpdate({
          target: billingAccounts.userId,
          set: {
            autoTopUpThresholdMicros: setting?.thresholdMicros ?? null,
            autoTopUpAmountMicros: setting?.amountMicros ?? null,
            autoTopUpFailure: null,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },

    /** The account's setting, and why it last turned itself off. */
    async get(userId: string): Promise<{ autoTopUp: AutoTopUp | null; failure: string | null }> {
      const [row] = await db
        .select({
          thresholdMicros: billingAccounts.autoTopUpThresholdMicros,
          amountMicros: billingAccounts.autoTopUpAmountMicros,
          failure: billingAccounts.autoTopUpFailure,
        })
        .from(billingAccounts)
        .where(eq(billingAccounts.userId, userId));
      const { thresholdMicros = null, amountMicros = null, failure = null } = row ?? {};
      return {
        autoTopUp:
          thresholdMicros !== null && amountMicros !== null
            ? { thresholdMicros, amountMicros }
            : null,
        failure,
      };
    },
  };
}

export type AutoTopUps = ReturnType<typeof createAutoTopUps>;
