import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { addDays, calendarDay } from '@parlance/contract/calendar';
import type {
  Spending,
  SpendingSource,
  SpendingTranscription,
  UsageChart,
  UsageOverview,
} from '@parlance/contract';
import { senderName } from '../apiKeys/sender.js';
import { apiKeys } from '../db/schema/auth.js';
import { ledgerEntries } from '../db/schema/billing.js';
import { transcriptions } from '../db/schema/transcription.js';
import type { BillingDb, Clock } from '../billing/deps.js';
import { formatUsd } from '../billing/money.js';

/**
 * Usage statistics, computed from the ledger's usage entries (one per charged job, carrying
 * its audio seconds): what users see is what they paid for. Periods are calendar months and days
 * in the caller's time zone (`tz`, a canonical IANA name). PostgreSQL places both the period
 * boundaries and the buckets with its zone rules, so days of 23 or 25 hours come out right and
 * every entry inside the boundaries lands in a bucket.
 */

interface Totals {
  seconds: number;
  costMicros: number;
  files: number;
}

const EMPTY: Totals = { seconds: 0, costMicros: 0, files: 0 };
const DAY_MS = 86_400_000;
const SPENDING_TRANSCRIPTIONS = 100;

/** Calendar dates are held as UTC midnights, for month arithmetic only: never as instants. */
const monthStart = (date: Date, offset = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
const minutes = (seconds: number) => Math.round(seconds / 6) / 10;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const monthKey = (date: Date) => date.toISOString().slice(0, 7);

/** The first instant of calendar day `day` in `tz` (where midnight is skipped, the day's first). */
const localMidnight = (day: string, tz: string) =>
  sql`(${day}::date)::timestamp at time zone ${tz}`;

/** "+12% from last month", "-5% from last month", "No change from last month", "New this month". */
export function changeText(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'No change from last month' : 'New this month';
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return 'No change from last month';
  return `${percent > 0 ? '+' : ''}${percent}% from last month`;
}

const fileNameOf = (fileName: string | null, audioUrl: string | null) =>
  fileName ?? audioUrl?.split(/[?#]/)[0]?.split('/').filter(Boolean).pop() ?? null;

/**
 * A usage row's sender: its key while the key exists (under its name today, however often it was
 * renamed); a deleted key's rows group by the name they were booked under.
 */
const sender = {
  apiKeyId: ledgerEntries.apiKeyId,
  keyName: apiKeys.name,
  bookedName: sql<
    string | null
  >`case when ${apiKeys.id} is null then ${ledgerEntries.apiKeyName} end`,
  live: sql<boolean>`coalesce(${ledgerEntries.audioSource} = 'live', false)`,
};

const sentBy = (row: {
  apiKeyId: string | null;
  keyName: string | null;
  bookedName: string | null;
  live: boolean;
}) => ({
  apiKeyId: row.apiKeyId,
  sender: senderName(row.keyName, row.bookedName),
  live: row.live,
});

export function createUsage(db: BillingDb, clock: Clock) {
  /** Usage entries from the start of day `from` up to the start of day `until` in `tz`. */
  const usageIn = (userId: string, from: string, until: string, tz: string) =>
    and(
      eq(ledgerEntries.userId, userId),
      eq(ledgerEntries.kind, 'usage'),
      gte(ledgerEntries.createdAt, localMidnight(from, tz)),
      lt(ledgerEntries.createdAt, localMidnight(until, tz)),
    );

  /** The first day of this month in `tz`. */
  const currentMonth = (tz: string) => monthStart(new Date(calendarDay(clock.now(), tz)));

  /** Usage of days [from, until) grouped by month ('YYYY-MM') or day ('YYYY-MM-DD') in `tz`. */
  async function totalsBy(
    userId: string,
    from: string,
    until: string,
    tz: string,
    bucket: 'month' | 'day',
  ) {
    const format = bucket === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
    const key = sql<string>`to_char(${ledgerEntries.createdAt} at time zone ${tz}, ${format})`;
    const rows = await db
      .select({
        key,
        seconds: sql<number>`coalesce(sum(${ledgerEntries.audioSeconds}), 0)`.mapWith(Number),
        costMicros: sql<number>`coalesce(-sum(${ledgerEntries.amountMicros}), 0)`.mapWith(Number),
        files: sql<number>`count(*)`.mapWith(Number),
      })
      .from(ledgerEntries)
      .where(usageIn(userId, from, until, tz))
      // By position: the zone and format are bind parameters, and PostgreSQL takes the key
      // repeated with new parameter numbers for a different expression than the one selected.
      .groupBy(sql`1`);
    return new Map(rows.map(({ key, ...totals }) => [key, totals]));
  }

  /** The range's charged jobs, newest first, with who sent each (at most `limit`). */
  async function charged(where: SQL | undefined, limit?: number): Promise<SpendingTranscription[]> {
    const query = db
      .select({
        entry: ledgerEntries,
        fileName: transcriptions.fileName,
        audioUrl: transcriptions.audioUrl,
        ...sender,
      })
      .from(ledgerEntries)
      .leftJoin(
        transcriptions,
        and(
          eq(transcriptions.userId, ledgerEntries.userId),
          sql`${transcriptions.id}::text = ${ledgerEntries.reference}`,
        ),
      )
      .leftJoin(apiKeys, eq(apiKeys.id, ledgerEntries.apiKeyId))
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.seq));
    const rows = await (limit === undefined ? query : query.limit(limit));
    return rows.map(({ entry, fileName, audioUrl, ...who }) => ({
      id: entry.reference ?? entry.id,
      ...sentBy(who),
      fileName: fileNameOf(fileName, audioUrl),
      model: entry.model,
      audioSeconds: entry.audioSeconds,
      costMicros: -entry.amountMicros,
      cost: formatUsd(-entry.amountMicros),
      createdAt: entry.createdAt.toISOString(),
    }));
  }

  /** The range's usage by sender and live or not, costliest first. */
  async function bySource(where: SQL | undefined): Promise<SpendingSource[]> {
    const rows = await db
      .select({
        ...sender,
        seconds: sql<number>`coalesce(sum(${ledgerEntries.audioSeconds}), 0)`.mapWith(Number),
        costMicros: sql<number>`coalesce(-sum(${ledgerEntries.amountMicros}), 0)`.mapWith(Number),
        files: sql<number>`count(*)`.mapWith(Number),
      })
      .from(ledgerEntries)
      .leftJoin(apiKeys, eq(apiKeys.id, ledgerEntries.apiKeyId))
      .where(where)
      // Deleted keys' rows have no key id: they group by the name they were booked under.
      .groupBy(sql`1, 2, 3, 4`);
    return rows
      .map(({ seconds, costMicros, files, ...who }) => ({
        ...sentBy(who),
        files,
        minutes: minutes(seconds),
        costMicros,
        cost: formatUsd(costMicros),
      }))
      .sort((a, b) => b.costMicros - a.costMicros || a.sender.localeCompare(b.sender));
  }

  return {
    async overview(userId: string, tz: string): Promise<UsageOverview> {
      const thisMonth = currentMonth(tz);
      const lastMonth = monthStart(thisMonth, -1);
      const byMonth = await totalsBy(
        userId,
        isoDate(lastMonth),
        isoDate(monthStart(thisMonth, 1)),
        tz,
        'month',
      );
      const current = byMonth.get(monthKey(thisMonth)) ?? EMPTY;
      const previous = byMonth.get(monthKey(lastMonth)) ?? EMPTY;
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
    async chart(userId: string, months: number, tz: string): Promise<UsageChart> {
      const thisMonth = currentMonth(tz);
      const byMonth = await totalsBy(
        userId,
        isoDate(monthStart(thisMonth, 1 - months)),
        isoDate(monthStart(thisMonth, 1)),
        tz,
        'month',
      );
      return Array.from({ length: months }, (_, i) => {
        const month = monthStart(thisMonth, i + 1 - months);
        return {
          name: month.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' }),
          usage: minutes(byMonth.get(monthKey(month))?.seconds ?? 0),
        };
      });
    },

    /** Day by day from `from` to `to` (both YYYY-MM-DD, inclusive, calendar days in `tz`). */
    async spending(userId: string, from: string, to: string, tz: string): Promise<Spending> {
      const until = addDays(to, 1);
      const byDay = await totalsBy(userId, from, until, tz, 'day');
      const days = Array.from(
        { length: (Date.parse(until) - Date.parse(from)) / DAY_MS },
        (_, i) => {
          const date = addDays(from, i);
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
      const inRange = usageIn(userId, from, until, tz);
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
        sources: await bySource(inRange),
        transcriptions: await charged(inRange, SPENDING_TRANSCRIPTIONS),
      };
    },

    /** The charged jobs from `from` to `to` (calendar days in `tz`), newest first, at most `limit`. */
    jobs: (userId: string, from: string, to: string, tz: string, limit: number) =>
      charged(usageIn(userId, from, addDays(to, 1), tz), limit),
  };
}

export type Usage = ReturnType<typeof createUsage>;
