import { z } from 'zod';
import { usageEndpoints } from './apiPaths.js';
import { canonicalTimeZone, TIME_ZONE_RULE } from './calendar.js';
import { Micros, Sender, Timestamp, UsdText } from './common.js';
import { DEFAULT_CHART_PERIOD, MAX_EXPORT_ROWS } from './listDefaults.js';
import { describeEndpoints, fileResponse } from './operation.js';

/**
 * Usage is counted from charged jobs; months and days are calendar periods in the caller's time
 * zone (`tz`, UTC when absent).
 */

/** An IANA time zone name, passed on in its canonical spelling ('US/Pacific' → 'America/Los_Angeles'). */
const TimeZoneName = z
  .string()
  .transform((name, ctx) => {
    const canonical = canonicalTimeZone(name);
    if (canonical === undefined) {
      ctx.addIssue({ code: 'custom', message: TIME_ZONE_RULE });
      return z.NEVER;
    }
    return canonical;
  })
  .default('UTC')
  .describe(
    'IANA time zone name, e.g. America/Los_Angeles: calendar days and months are counted in it. Defaults to UTC.',
  );

export const UsageOverview = z
  .object({
    totalUsage: z.object({
      current: z.string().describe('Audio minutes this month, e.g. "12.5 min"'),
      change: z.string().describe('e.g. "+12% from last month"'),
    }),
    totalCost: z.object({
      amount: UsdText.describe('Spent this month, exact, e.g. "$1.7125"'),
      period: z.string().describe('"This month"'),
    }),
    filesTranscribed: z.object({
      count: z.number().int(),
      change: z.string(),
    }),
  })
  .meta({ id: 'UsageOverview' });
export type UsageOverview = z.infer<typeof UsageOverview>;

export const UsageOverviewQuery = z.object({ tz: TimeZoneName });
export type UsageOverviewQuery = z.input<typeof UsageOverviewQuery>;

export const UsageChartQuery = z.object({
  period: z
    .string()
    .regex(/^([1-9]|1[0-9]|2[0-4])months$/, { error: 'must look like 6months (1 to 24 months)' })
    .default(DEFAULT_CHART_PERIOD),
  tz: TimeZoneName,
});
export type UsageChartQuery = z.input<typeof UsageChartQuery>;

export const ChartPoint = z.object({
  name: z.string().describe('Month, e.g. "Jun"'),
  usage: z.number().describe('Audio minutes, one decimal'),
});

/** The chart body is the bare array, oldest month first, current month last, empty months as 0. */
export const UsageChart = z.array(ChartPoint).meta({ id: 'UsageChart' });
export type UsageChart = z.infer<typeof UsageChart>;

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** Messages follow the field name the error handler puts in front ("from: is not a real date"). */
const IsoDate = z
  .string({ error: 'is required (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date in the form YYYY-MM-DD' })
  .refine(isRealDate, { error: 'is not a real date' });

export const MAX_SPENDING_DAYS = 366;

export const SpendingQuery = z
  .object({ from: IsoDate, to: IsoDate, tz: TimeZoneName })
  .refine((q) => q.from <= q.to, { error: 'must not be after to', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 <= MAX_SPENDING_DAYS, {
    error: `the range can cover at most ${MAX_SPENDING_DAYS} days`,
    path: ['to'],
  });
export type SpendingQuery = z.infer<typeof SpendingQuery>;

export const SpendingDay = z.object({
  date: z.string().describe('YYYY-MM-DD, a calendar day in tz'),
  costMicros: Micros,
  minutes: z.number(),
});

/** Who sent a charged job, and whether it was a live stream. */
const SentBy = {
  ...Sender,
  live: z.boolean().describe('A live stream (/v1/realtime) rather than a file or URL'),
};

export const SpendingSource = z.object({
  ...SentBy,
  files: z.number().int(),
  minutes: z.number(),
  costMicros: Micros,
  cost: UsdText,
});
export type SpendingSource = z.infer<typeof SpendingSource>;

export const SpendingTranscription = z.object({
  id: z.string().describe('Transcription id'),
  ...SentBy,
  fileName: z.string().nullable(),
  model: z.string().nullable(),
  audioSeconds: z.number().nullable(),
  costMicros: Micros,
  cost: UsdText,
  createdAt: Timestamp,
});
export type SpendingTranscription = z.infer<typeof SpendingTranscription>;

export const Spending = z
  .object({
    from: z.string(),
    to: z.string(),
    days: z.array(SpendingDay).describe('Every day of the range, empty days as 0'),
    totals: z.object({
      costMicros: Micros,
      cost: UsdText,
      minutes: z.number(),
      files: z.number().int(),
    }),
    sources: z
      .array(SpendingSource)
      .describe(
        "The range's usage by sender (each API key, the playground) and live or not, costliest first",
      ),
    transcriptions: z
      .array(SpendingTranscription)
      .describe('Charged jobs in the range, newest first (at most 100)'),
  })
  .meta({ id: 'Spending' });
export type Spending = z.infer<typeof Spending>;

const tags = ['usage'];
const auth = ['session'] as const;

/** /api/usage/*: statistics of charged transcriptions for the dashboard. */
export const usageOperations = describeEndpoints(usageEndpoints, {
  overview: {
    tags,
    auth,
    summary: 'This calendar month (in tz) against the last: minutes, cost, files',
    query: UsageOverviewQuery,
    responses: { 200: UsageOverview },
    errors: [400, 401],
  },
  chart: {
    tags,
    auth,
    summary: 'Minutes per month, oldest first, the current month last',
    query: UsageChartQuery,
    responses: { 200: UsageChart },
    errors: [400, 401],
  },
  spending: {
    tags,
    auth,
    summary: `Cost and minutes per calendar day (in tz) between two dates (inclusive, at most ${MAX_SPENDING_DAYS} days)`,
    query: SpendingQuery,
    responses: { 200: Spending },
    errors: [400, 401],
  },
  spendingCsv: {
    tags,
    auth,
    summary: `The charged jobs between two dates (inclusive, in tz) as CSV, newest first (at most ${MAX_EXPORT_ROWS.toLocaleString('en-US')})`,
    description:
      'One row per job: when it was charged (UTC), its id, who sent it (API key or playground), whether it was a live stream, file, model, audio seconds and cost.',
    query: SpendingQuery,
    responses: { 200: fileResponse('The jobs, one per row', 'text/csv') },
    errors: [400, 401, 429],
  },
});
