import { and, eq } from 'drizzle-orm';
import { apiKeys } from '../db/schema/auth.js';
import { billingAccounts } from '../db/schema/billing.js';
import type { BillingDb } from './deps.js';

/** The calendar month (UTC) `now` is in: spending limits count from its start and reset at its end. */
export function billingMonth(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** The tighter of an account's and an API key's monthly spending limits, as it stands. */
export interface SpendRoom {
  scope: 'account' | 'key';
  limitMicros: number;
  /** Spent this month (and, before a job runs, held for unfinished jobs) under that limit. */
  usedMicros: number;
  /** What may still be spent: the limit less what is used (never below 0). */
  roomMicros: number;
  resetsAt: Date;
}

/**
 * The tightest of the limits that stand (null: none), each with what is used under it; `used`
 * says what counts as used under the account's limit and the key's.
 */
export function tightestRoom(
  limits: { account: number | null; key: number | null },
  used: { account: number; key: number },
  now: Date,
): SpendRoom | null {
  const { end } = billingMonth(now);
  const rooms = (['account', 'key'] as const).flatMap((scope): SpendRoom[] => {
    const limitMicros = limits[scope];
    if (limitMicros === null) return [];
    const usedMicros = used[scope];
    return [
      {
        scope,
        limitMicros,
        usedMicros,
        roomMicros: Math.max(0, limitMicros - usedMicros),
        resetsAt: end,
      },
    ];
  });
  return rooms.reduce<SpendRoom | null>(
    (tightest, next) =>
      tightest === null || next.roomMicros < tightest.roomMicros ? next : tightest,
    null,
  );
}

/** The account's monthly limit and the API key's (null: none, or no key), in micro-dollars. */
export async function monthlyLimits(
  db: BillingDb,
  userId: string,
  apiKeyId: string | null,
): Promise<{ account: number | null; key: number | null }> {
  const [[account], [key]] = await Promise.all([
    db
      .select({ limit: billingAccounts.monthlyLimitMicros })
      .from(billingAccounts)
      .where(eq(billingAccounts.userId, userId)),
    apiKeyId === null
      ? Promise.resolve([])
      : db
          .select({ limit: apiKeys.monthlyLimitMicros })
          .from(apiKeys)
          .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.userId, userId))),
  ]);
  return { account: account?.limit ?? null, key: key?.limit ?? null };
}
