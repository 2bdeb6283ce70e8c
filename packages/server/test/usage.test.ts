import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { priceForSeconds, type ModelName } from '@parlance/contract/money';
import { changeText, createUsage } from '../src/usage/service.js';
import { users } from '../src/db/schema/auth.js';
import { transcriptions } from '../src/db/schema/transcription.js';
import type { Spending } from '@parlance/contract';
import { backends, signUp, startServer, type SignedUpUser, type TestServer } from './helpers.js';

const NOW = new Date('2026-03-15T12:00:00Z');

/** Charged jobs of the seeded history: [when, seconds, model]. */
const JOBS: [string, number, ModelName][] = [
  ['2025-09-30T23:59:59Z', 900, 'base'], // before the six-month window
  ['2025-10-01T00:00:00Z', 300, 'base'], // first instant of the window
  ['2025-12-20T08:00:00Z', 600, 'small'],
  ['2026-02-28T23:59:59.999Z', 60, 'large-v3'], // last instant of last month
  ['2026-03-01T00:00:00Z', 120, 'large-v3'], // first instant of this month
  ['2026-03-15T11:59:59Z', 30, 'tiny'],
];

const cost = (seconds: number, model: ModelName) => priceForSeconds(model, seconds);

describe('change text', () => {
  it('words month-over-month changes', () => {
    expect(changeText(112, 100)).toBe('+12% from last month');
    expect(changeText(95, 100)).toBe('-5% from last month');
    expect(changeText(100, 100)).toBe('No change from last month');
    expect(changeText(3, 0)).toBe('New this month');
    expect(changeText(0, 0)).toBe('No change from last month');
  });
});

describe.each(backends)('usage (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend });
  });
  afterAll(() => server.close());

  describe('statistics of a seeded history, clock fixed at 2026-03-15', () => {
    let userId: string;
    const clock = { now: () => NOW };

    beforeAll(async () => {
      const db = server.storage.db;
      const newUser = async () => {
        const [row] = await db
          .insert(users)
          .values({ email: `usage-${randomBytes(5).toString('hex')}@example.test`, name: 'Usage' })
          .returning();
        if (!row) throw new Error('no user');
        return row.id;
      };
      userId = await newUser();
      const otherUser = await newUser();
      // Book the history through the ledger, its clock set to each job's time.
      let at = new Date('2025-09-01T00:00:00Z');
      const ledger = createLedger(db, { now: () => at });
      for (const id of [userId, otherUser]) {
        await ledger.credit({
          kind: 'adjustment',
          userId: id,
          amountMicros: 100_000_000,
          description: 'seed',
        });
      }
      for (const [i, [when, seconds, model]] of JOBS.entries()) {
        at = new Date(when);
        const [job] = await db
          .insert(transcriptions)
          .values({
            userId,
            model,
            source: 'url',
            audioUrl: `https://example.test/audio/file-${i}.mp3?sig=x`,
            status: 'completed',
          })
          .returning();
        await ledger.debit({
          userId,
          amountMicros: cost(seconds, model),
          reference: job?.id,
          description: 'job',
          audioSeconds: seconds,
          model,
        });
      }
      at = new Date('2026-03-10T10:00:00Z');
      await ledger.debit({
        userId: otherUser,
        amountMicros: 500_000,
        reference: `other-${otherUser}`,
        description: 'x',
        audioSeconds: 6000,
        model: 'base',
      });
      await ledger.credit({
        kind: 'purchase',
        userId,
        amountMicros: 20_000_000,
        reference: `pay-${userId}`,
        description: 'not usage',
      });
    });

    it('compares this calendar month (UTC) with the last', async () => {
      const overview = await createUsage(server.storage.db, clock).overview(userId, 'UTC');
      // 120 s of large-v3 (24,000 µ$) and 30 s of tiny (1,000 µ$), not 3 ¢ + 1 ¢.
      expect(cost(120, 'large-v3') + cost(30, 'tiny')).toBe(25_000);
      expect(overview).toEqual({
        totalUsage: { current: '2.5 min', change: '+150% from last month' },
        totalCost: { amount: '$0.025', period: 'This month' },
        filesTranscribed: { count: 2, change: '+100% from last month' },
      });
    });

    it('charts six months oldest first with empty months as zero', async () => {
      const usage = createUsage(server.storage.db, clock);
      expect(await usage.chart(userId, 6, 'UTC')).toEqual([
        { name: 'Oct', usage: 5 },
        { name: 'Nov', usage: 0 },
        { name: 'Dec', usage: 10 },
        { name: 'Jan', usage: 0 },
        { name: 'Feb', usage: 1 },
        { name: 'Mar', usage: 2.5 },
      ]);
      const year = await usage.chart(userId, 12, 'UTC');
      expect(year).toHaveLength(12);
      expect(year[0]).toEqual({ name: 'Apr', usage: 0 });
      expect(year[5]).toEqual({ name: 'Sep', usage: 15 });
    });

    it.each([
      [7, '2026-03-09', [30]],
      [30, '2026-02-14', [60, 120, 30]],
      [90, '2025-12-16', [600, 60, 120, 30]],
    ])(
      'reports %i days of spending, zero-filled, with the jobs in range',
      async (length, from, seconds) => {
        const spending = await createUsage(server.storage.db, clock).spending(
          userId,
          from,
          '2026-03-15',
          'UTC',
        );
        expect(spending.days).toHaveLength(length);
        expect(spending.days[0]?.date).toBe(from);
        expect(spending.days.at(-1)?.date).toBe('2026-03-15');
        const busy = spending.days.filter((day) => day.costMicros > 0);
        expect(busy.map((day) => day.minutes)).toEqual(seconds.map((s) => Math.round(s / 6) / 10));
        const jobs = JOBS.filter(([, s]) => seconds.includes(s));
        const total = jobs.reduce((sum, [, s, model]) => sum + cost(s, model), 0);
        expect(spending.totals).toMatchObject({ costMicros: total, files: seconds.length });
        expect(spending.days.reduce((sum, day) => sum + day.costMicros, 0)).toBe(total);
        expect(spending.transcriptions.map((t) => t.audioSeconds)).toEqual([...seconds].reverse());
        expect(spending.transcriptions[0]).toMatchObject({
          fileName: 'file-5.mp3',
          model: 'tiny',
          costMicros: 1_000,
          cost: '$0.001',
        });
      },
    );
  });

  describe('in the caller’s time zone', () => {
    const LA = 'America/Los_Angeles';
    let api: SignedUpUser['api'];
    let userId: string;

    /** Charged jobs: [when, seconds], each a whole number of minutes so days name their jobs. */
    const ZONED_JOBS: [string, number][] = [
      ['2026-03-08T07:30:00Z', 60], // 23:30 on March 7 in Los Angeles (PST)
      ['2026-03-09T06:59:59Z', 120], // 23:59:59 on March 8, a 23-hour day (clocks go forward)
      ['2026-03-09T07:00:00Z', 180], // midnight starting March 9 (PDT)
      ['2026-04-01T02:00:00Z', 240], // still March 31 in Los Angeles
      ['2026-11-01T06:59:59Z', 300], // 23:59:59 on October 31 (PDT)
      ['2026-11-02T07:30:00Z', 360], // 23:30 on November 1, a 25-hour day (clocks go back)
    ];

    beforeAll(async () => {
      const signedUp = await signUp(server);
      api = signedUp.api;
      userId = signedUp.user.id;
      let at = new Date('2026-01-01T00:00:00Z');
      const ledger = createLedger(server.storage.db, { now: () => at });
      await ledger.credit({
        kind: 'adjustment',
        userId,
        amountMicros: 10_000_000,
        description: 'seed',
      });
      for (const [when, seconds] of ZONED_JOBS) {
        at = new Date(when);
        await ledger.debit({
          userId,
          amountMicros: cost(seconds, 'base'),
          reference: `job-${when}`,
          description: 'job',
          audioSeconds: seconds,
          model: 'base',
        });
      }
    });

    /** A spending answer in short: minutes by busy day, and the charged jobs' seconds, newest first. */
    async function spent(query: string) {
      const res = await api.get(`/api/usage/spending?${query}`);
      expect(res.status, query).toBe(200);
      const body = res.body as Spending;
      return {
        days: Object.fromEntries(
          body.days.filter((day) => day.minutes > 0).map((day) => [day.date, day.minutes]),
        ),
        jobs: body.transcriptions.map((job) => job.audioSeconds),
      };
    }

    it('books a job on the caller’s day: 07:30 UTC on March 8 is March 7 in Los Angeles', async () => {
      const local = { days: { '2026-03-07': 1, '2026-03-08': 2 }, jobs: [120, 60] };
      expect(await spent(`from=2026-03-07&to=2026-03-08&tz=${LA}`)).toEqual(local);
      // Aliases are the zone they stand for.
      expect(
        await spent(`from=2026-03-07&to=2026-03-08&tz=${encodeURIComponent('US/Pacific')}`),
      ).toEqual(local);
      // Without tz (older clients) and with tz=UTC, days are UTC days.
      const utc = { days: { '2026-03-08': 1 }, jobs: [60] };
      expect(await spent('from=2026-03-07&to=2026-03-08')).toEqual(utc);
      expect(await spent('from=2026-03-07&to=2026-03-08&tz=UTC')).toEqual(utc);
    });

    it('gives a day of 23 or 25 hours all of its jobs and none of its neighbours’', async () => {
      expect(await spent(`from=2026-03-08&to=2026-03-08&tz=${LA}`)).toEqual({
        days: { '2026-03-08': 2 },
        jobs: [120],
      });
      expect(await spent(`from=2026-03-09&to=2026-03-09&tz=${LA}`)).toEqual({
        days: { '2026-03-09': 3 },
        jobs: [180],
      });
      expect(await spent(`from=2026-10-31&to=2026-10-31&tz=${LA}`)).toEqual({
        days: { '2026-10-31': 5 },
        jobs: [300],
      });
      expect(await spent(`from=2026-11-01&to=2026-11-01&tz=${LA}`)).toEqual({
        days: { '2026-11-01': 6 },
        jobs: [360],
      });
    });

    it('counts this month and the chart’s months in the zone', async () => {
      // 03:00 UTC on April 1 is 20:00 on March 31 in Los Angeles.
      const usage = createUsage(server.storage.db, { now: () => new Date('2026-04-01T03:00:00Z') });
      expect((await usage.overview(userId, LA)).totalUsage).toEqual({
        current: '10 min',
        change: 'New this month',
      });
      expect((await usage.overview(userId, 'UTC')).totalUsage).toEqual({
        current: '4 min',
        change: '-33% from last month',
      });
      expect(await usage.chart(userId, 2, LA)).toEqual([
        { name: 'Feb', usage: 0 },
        { name: 'Mar', usage: 10 },
      ]);
      expect(await usage.chart(userId, 2, 'UTC')).toEqual([
        { name: 'Mar', usage: 6 },
        { name: 'Apr', usage: 4 },
      ]);
    });
  });

  describe('over HTTP', () => {
    it('requires a session', async () => {
      const anonymous = server.client();
      for (const path of [
        '/api/usage/overview',
        '/api/usage/chart',
        '/api/usage/spending?from=2026-01-01&to=2026-01-07',
      ]) {
        expect((await anonymous.get(path)).status, path).toBe(401);
      }
    });

    it('answers overview, chart and spending from the caller’s charged jobs', async () => {
      const { api, user } = await signUp(server);
      const ledger = createLedger(server.storage.db);
      await ledger.credit({
        kind: 'adjustment',
        userId: user.id,
        amountMicros: 10_000_000,
        description: 'seed',
      });
      // 90 s of base at 180,000 µ$/h.
      await ledger.debit({
        userId: user.id,
        amountMicros: 4_500,
        reference: `job-${user.id}`,
        description: 'job',
        audioSeconds: 90,
        model: 'base',
      });

      const overview = await api.get('/api/usage/overview');
      expect(overview.status).toBe(200);
      expect(overview.body).toMatchObject({
        totalUsage: { current: '1.5 min' },
        totalCost: { amount: '$0.0045', period: 'This month' },
        filesTranscribed: { count: 1, change: 'New this month' },
      });

      const chart = await api.get('/api/usage/chart');
      expect(chart.status).toBe(200);
      expect(chart.body).toHaveLength(6);
      expect(chart.body.at(-1)).toEqual({
        name: new Date().toLocaleString('en-US', { month: 'short', timeZone: 'UTC' }),
        usage: 1.5,
      });
      expect((await api.get('/api/usage/chart?period=12months')).body).toHaveLength(12);

      const today = new Date().toISOString().slice(0, 10);
      const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
      const spending = await api.get(`/api/usage/spending?from=${weekAgo}&to=${today}`);
      expect(spending.status).toBe(200);
      expect(spending.body.days).toHaveLength(7);
      expect(spending.body.totals).toEqual({
        costMicros: 4_500,
        cost: '$0.0045',
        minutes: 1.5,
        files: 1,
      });
      expect(spending.body.transcriptions).toHaveLength(1);
    });

    it('validates periods and dates, naming the field', async () => {
      const { api } = await signUp(server);
      const cases: [string, string][] = [
        ['/api/usage/chart?period=forever', 'period: must look like 6months (1 to 24 months)'],
        ['/api/usage/spending?to=2026-01-07', 'from: is required (YYYY-MM-DD)'],
        [
          '/api/usage/spending?from=01/02/2026&to=2026-01-07',
          'from: must be a date in the form YYYY-MM-DD',
        ],
        ['/api/usage/spending?from=2026-01-01&to=2026-02-30', 'to: is not a real date'],
        ['/api/usage/spending?from=2026-02-01&to=2026-01-07', 'from: must not be after to'],
        [
          '/api/usage/spending?from=2025-01-01&to=2026-01-02',
          'to: the range can cover at most 366 days',
        ],
        ...[
          '/api/usage/spending?from=2026-01-01&to=2026-01-07&tz=Nowhere/Atlantis',
          // A UTC offset: PostgreSQL would read it with the opposite sign.
          '/api/usage/spending?from=2026-01-01&to=2026-01-07&tz=%2B05:00',
          '/api/usage/overview?tz=Mars/Olympus_Mons',
          '/api/usage/chart?tz=',
        ].map((path): [string, string] => [
          path,
          'tz: must be an IANA time zone name, e.g. America/Los_Angeles',
        ]),
      ];
      for (const [path, message] of cases) {
        const res = await api.get(path);
        expect(res.status, path).toBe(400);
        expect(res.body).toMatchObject({ code: 'validation_failed', message });
      }
      const leapYear = await api.get('/api/usage/spending?from=2024-01-01&to=2024-12-31');
      expect(leapYear.status).toBe(200);
      expect(leapYear.body.days).toHaveLength(366);
    });
  });
});
