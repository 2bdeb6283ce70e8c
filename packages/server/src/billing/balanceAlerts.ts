import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { billingAccounts } from '../db/schema/billing.js';
import type { Mailer } from '../mail/mailer.js';
import { lowBalanceMail } from '../mail/templates.js';
import { ownerEmail } from './accounts.js';
import type { BillingDb, Clock } from './deps.js';
import { formatUsd } from './money.js';

/**
 * Low-balance alerts: the owner is e-mailed once when the balance falls below the alert they set,
 * and again only after it has stood at or above it. Each alert is claimed with one conditional
 * UPDATE, so processes sweeping at once send it once.
 */
export function createBalanceAlerts(deps: {
  db: BillingDb;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  logger: FastifyBaseLogger;
}) {
  const { db } = deps;
  return {
    /** Sends the alerts that are due and re-arms those whose balance is back; answers how many were sent. */
    async runDue(): Promise<number> {
      await db
        .update(billingAccounts)
        .set({ lowBalanceAlerted: false })
        .where(
          and(
            eq(billingAccounts.lowBalanceAlerted, true),
            gte(billingAccounts.balanceMicros, billingAccounts.lowBalanceAlertMicros),
          ),
        );
      const due = await db
        .update(billingAccounts)
        .set({ lowBalanceAlerted: true })
        .where(
          and(
            eq(billingAccounts.lowBalanceAlerted, false),
            isNotNull(billingAccounts.lowBalanceAlertMicros),
            lt(billingAccounts.balanceMicros, billingAccounts.lowBalanceAlertMicros),
          ),
        )
        .returning({
          userId: billingAccounts.userId,
          balanceMicros: billingAccounts.balanceMicros,
          alertMicros: billingAccounts.lowBalanceAlertMicros,
        });
      let sent = 0;
      for (const account of due) {
        const email = await ownerEmail(db, account.userId);
        if (!email) continue;
        try {
          await deps.mailer.send(
            lowBalanceMail(
              email,
              formatUsd(account.balanceMicros),
              formatUsd(account.alertMicros ?? 0),
              `${deps.appUrl}/dashboard/billing`,
            ),
          );
          sent += 1;
        } catch (err) {
          // Not sent: armed again, so the next sweep tries again.
          deps.logger.error({ err, userId: account.userId }, 'low-balance e-mail failed');
          await db
            .update(billingAccounts)
            .set({ lowBalanceAlerted: false })
            .where(eq(billingAccounts.userId, account.userId));
        }
      }
      return sent;
    },

    /** Sets (or, with null, removes) the alert; a new alert is armed at once. */
    async set(userId: string, alertMicros: number | null): Promise<void> {
      await db
        .insert(billingAccounts)
        .values({ userId, lowBalanceAlertMicros: alertMicros, updatedAt: deps.clock.now() })
        .onConflictDoUpdate({
          target: billingAccounts.userId,
          set: {
            lowBalanceAlertMicros: alertMicros,
            lowBalanceAlerted: false,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },

    async get(userId: string): Promise<number | null> {
      const [row] = await db
        .select({ alert: billingAccounts.lowBalanceAlertMicros })
        .from(billingAccounts)
        .where(eq(billingAccounts.userId, userId));
      return row?.alert ?? null;
    },
  };
}

export type BalanceAlerts = ReturnType<typeof createBalanceAlerts>;
