import { createLedger } from '../billing/ledger.js';
import { isModelName, priceForSeconds } from '@parlance/contract/money';
import type { Database, Transaction } from '../db/index.js';
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
