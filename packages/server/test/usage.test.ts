import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { priceForSeconds, type ModelName } from '../src/billing/rates.js';
import { changeText, createUsage } from '../src/billing/usage.js';
import { users } from '../src/db/schema/auth.js';
import { transcriptions } from '../src/db/schema/transcription.js';
import { backends, signUp, startServer, type TestServer } from './helpers.js';

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
      const overview = await createUsage(server.storage.db, clock).overview(userId);
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
      expect(await usage.chart(userId, 6)).toEqual([
        { name: 'Oct', usage: 5 },
        { name: 'Nov', usage: 0 },
        { name: 'Dec', usage: 10 },
        { name: 'Jan', usage: 0 },
        { name: 'Feb', usage: 1 },
        { name: 'Mar', usage: 2.5 },
      ]);
      const year = await usage.chart(userId, 12);
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
