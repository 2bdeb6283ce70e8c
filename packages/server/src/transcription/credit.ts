import { createLedger } from '../billing/ledger.js';
import { isModelName, priceForSeconds } from '@parlance/contract/money';
import type { Database, Transaction } from '../db/index.js';
import { unfinishedJobs } from './jobs/repository.js';
import {
  billingMonth,
  monthlyLimits,
  tightestRoom,
  type SpendRoom,
} from '../billing/monthlyLimits.js';

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
  const limits = await monthlyLimits(db, userId, apiKeyId);
  if (limits.account === null && limits.key === null) return null;
  const [spent, unfinished] = await Promise.all([
    createLedger(db).usageSince(userId, apiKeyId, billingMonth(now).start),
    unfinishedJobs(db, userId),
  ]);
  const held = unfinished.filter((job) => job.id !== excludingJobId);
  const heldBy = (jobs: typeof held) =>
    jobs.reduce((sum, job) => sum + estimatedCost(job.model, job.seconds), 0);
  return tightestRoom(
    limits,
    {
      account: spent.account + heldBy(held),
      key: spent.key + heldBy(held.filter((job) => job.apiKeyId === apiKeyId)),
    },
    now,
  );
}
