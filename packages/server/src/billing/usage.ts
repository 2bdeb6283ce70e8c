import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Spending, UsageChart, UsageOverview } from '../contract/usage.js';
import { ledgerEntries } from '../db/schema/billing.js';
import { transcriptions } from '../db/schema/transcription.js';
import type { BillingDb, Clock } from './deps.js';
import { formatUsd } from './money.js';

/**
 * Usage statistics, computed from the ledger's usage entries (one per charged job, carrying
 * its audio seconds): what users see is what they paid for. Periods are UTC calendar months
 * and days.
 */

interface Totals {
  seconds: number;
  costMicros: number;
  files: number;
}

const EMPTY: Totals = { seconds: 0, costMicros: 0, files: 0 };
const DAY_MS = 86_400_000;
const SPENDING_TRANSCRIPTIONS = 100;

const monthStart = (date: Date, offset = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
const minutes = (seconds: number) => Math.round(seconds / 6) / 10;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/** "+12% from last month", "-5% from last month", "No change from last month", "New this month". */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'No change from last month' : 'New this month';
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return 'No change from last month';
  return `${percent > 0 ? '+' : ''}${percent}% from last month`;
}

const fileNameOf = (fileName: string | null, audioUrl: string | null) =>
  fileName ?? audioUrl?.split(/[?#]/)[0]?.split('/').filter(Boolean).pop() ?? null;

export function createUsage(db: BillingDb, clock: Clock) {
  const usageIn = (userId: string, from: Date, to: Date) =>
    and(
      eq(ledgerEntries.userId, userId),
      eq(ledgerEntries.kind, 'usage'),
      gte(ledgerEntries.createdAt, from),
      lt(ledgerEntries.createdAt, to),
    );

  /** Usage in [from, to) grouped by UTC month ('YYYY-MM') or day ('YYYY-MM-DD'). */
  async function totalsBy(userId: string, from: Date, to: Date, bucket: 'month' | 'day') {
    const key =
      bucket === 'month'
        ? sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM')`
        : sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db
      .select({
        key,
        seconds: sql<number>`coalesce(sum(${ledgerEntries.audioSeconds}), 0)`.mapWith(Number),
        costMicros: sql<number>`coalesce(-sum(${ledgerEntries.amountMicros}), 0)`.mapWith(Number),
        files: sql<number>`count(*)`.mapWith(Number),
      })
      .from(ledgerEntries)
      .where(usageIn(userId, from, to))
      .groupBy(key);
    return new Map(rows.map(({ key, ...totals }) => [key, totals]));
  }

  return {
    async overview(userId: string): Promise<UsageOverview> {
      const now = clock.now();
      const byMonth = await totalsBy(userId, monthStart(now, -1), monthStart(now, 1), 'month');
      const current = byMonth.get(monthKey(now)) ?? EMPTY;
      const previous = byMonth.get(monthKey(monthStart(now, -1))) ?? EMPTY;
      return {
        totalUsage: {
          current: `${minutes(current.seconds)} min`,
          change: changeText(current.seconds, previous.seconds),
        },
        totalCost: { amount: formatUsd(current.costMicros), period: 'This month' },
        filesTranscribed: {
          count: current.files,
          change: changeText(current.files, previous.files),
        },
      };
    },

    /** The last `months` calendar months including this one, oldest first, empty months as 0. */
    async chart(userId: string, months: number): Promise<UsageChart> {
      const now = clock.now();
      const byMonth = await totalsBy(
        userId,
        monthStart(now, 1 - months),
        monthStart(now, 1),
        'month',
      );
      return Array.from({ length: months }, (_, i) => {
        const month = monthStart(now, i + 1 - months);
        return {
          name: month.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' }),
          usage: minutes(byMonth.get(monthKey(month))?.seconds ?? 0),
        };
      });
    },

    /** Day by day from `from` to `to` (both YYYY-MM-DD, inclusive). */
    async spending(userId: string, from: string, to: string): Promise<Spending> {
      const start = new Date(`${from}T00:00:00Z`);
      const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
      const byDay = await totalsBy(userId, start, end, 'day');
      const days = Array.from(
        { length: Math.round((end.getTime() - start.getTime()) / DAY_MS) },
        (_, i) => {
          const date = isoDate(new Date(start.getTime() + i * DAY_MS));
          const day = byDay.get(date) ?? EMPTY;
          return { date, costMicros: day.costMicros, minutes: minutes(day.seconds) };
        },
      );
      const totals = [...byDay.values()].reduce(
        (sum, day) => ({
          seconds: sum.seconds + day.seconds,
          costMicros: sum.costMicros + day.costMicros,
          files: sum.files + day.files,
        }),
        EMPTY,
      );
      const jobs = await db
        .select({
          entry: ledgerEntries,
          fileName: transcriptions.fileName,
          audioUrl: transcriptions.audioUrl,
        })
        .from(ledgerEntries)
        .leftJoin(transcriptions, sql`${transcriptions.id}::text = ${ledgerEntries.reference}`)
        .where(usageIn(userId, start, end))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.seq))
        .limit(SPENDING_TRANSCRIPTIONS);
      return {
        from,
        to,
        days,
        totals: {
          costMicros: totals.costMicros,
          cost: formatUsd(totals.costMicros),
          minutes: minutes(totals.seconds),
          files: totals.files,
        },
        transcriptions: jobs.map(({ entry, fileName, audioUrl }) => ({
          id: entry.reference ?? entry.id,
          fileName: fileNameOf(fileName, audioUrl),
          model: entry.model,
          audioSeconds: entry.audioSeconds,
          costMicros: -entry.amountMicros,
          cost: formatUsd(-entry.amountMicros),
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type Usage = ReturnType<typeof createUsage>;
