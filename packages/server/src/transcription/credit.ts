import { createLedger } from '../billing/ledger.js';
import { isModelName, priceForSeconds } from '@parlance/contract/money';
import type { Database, Transaction } from '../db/index.js';
import { and, eq } from 'drizzle-orm';
import { apiKeys } from '../db/schema/auth.js';
import { billingAccounts } from '../db/schema/billing.js';
import { unfinishedJobs } from './jobs/repository.js';

/**
 * The account's balance, the part of it held for its unfinished jobs (their estimated
 * cost, from the duration the probe read), and what it owes after a refund or dispute. `excludingJobId` leaves one job out: the job
 * that is about to start and wants to know how much audio it may transcribe.
 */
export async function heldCredit(
  db: Database | Transaction,
  userId: string,
  excludingJobId?: string,
): Promise<{ balance: number; reserved: number; owed: number }> {
  const [standing, unfinished] = await Promise.all([
    createLedger(db).standing(userId),
    unfinishedJobs(db, userId),
  ]);
  const reserved = unfinished
    .filter((job) => job.id !== excludingJobId)
    .reduce((sum, job) => sum + estimatedCost(job.model, job.seconds), 0);
  return { balance: standing.balanceMicros, reserved, owed: standing.owedMicros };
}

/** The price of `seconds` of audio on `model`; 0 when either is unknown (nothing to hold). */
export function estimatedCost(model: string, seconds: number | null): number {
  return isModelName(model) && seconds !== null ? priceForSeconds(model, seconds) : 0;
}

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
  /** Spent this month and held for unfinished jobs, under that limit. */
  usedMicros: number;
  /** What may still be spent: the limit less what is used (never below 0). */
  roomMicros: number;
  resetsAt: Date;
}

/**
 * How much more the account, and the API key `apiKeyId` (null: the web app), may spend this month
 * under their limits: the usage booked since the month began plus what
 * unfinished jobs will cost (`excludingJobId` left out, as in heldCredit), against each limit; the
 * tighter one, or null when neither has a limit.
 */
export async function spendRoom(
  db: Database | Transaction,
  userId: string,
  apiKeyId: string | null,
  now: Date,
  excludingJobId?: string,
): Promise<SpendRoom | null> {
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
  const accountLimit = account?.limit ?? null;
  const keyLimit = key?.limit ?? null;
  if (accountLimit === null && keyLimit === null) return null;
  const { start, end } = billingMonth(now);
  const [spent, unfinished] = await Promise.all([
    createLedger(db).usageSince(userId, apiKeyId, start),
    unfinishedJobs(db, userId),
  ]);
  const held = unfinished.filter((job) => job.id !== excludingJobId);
  const heldBy = (jobs: typeof held) =>
    jobs.reduce((sum, job) => sum + estimatedCost(job.model, job.seconds), 0);
  const rooms: SpendRoom[] = [];
  const room = (scope: SpendRoom['scope'], limitMicros: number, usedMicros: number) =>
    rooms.push({
      scope,
      limitMicros,
      usedMicros,
      roomMicros: Math.max(0, limitMicros - usedMicros),
      resetsAt: end,
    });
  if (accountLimit !== null) room('account', accountLimit, spent.account + heldBy(held));
  if (keyLimit !== null)
    room('key', keyLimit, spent.key + heldBy(held.filter((job) => job.apiKeyId === apiKeyId)));
  return rooms.reduce((tightest, next) =>
    next.roomMicros < tightest.roomMicros ? next : tightest,
  );
}
