/**
 * What the balance sweep does, on both storage backends (the tests sweep by hand, beside the
 * server's own timer). Auto top-up, with the test payment provider: off by default, set through
 * the billing API, charged once however many sweeps see the balance fall at once, not again
 * within its interval, and turned off (said and e-mailed) when the card is declined. Low-balance
 * alerts: one e-mail per fall below the alert, however many sweeps see it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger } from '../src/billing/ledger.js';
import { BALANCE_SWEEP_MS } from '@parlance/contract/endpoints';
import { billingAccounts, ledgerEntries, payments } from '../src/db/schema/billing.js';
import {
  backends,
  signUp,
  startServer,
  readOutbox,
  waitForMail,
  type ApiClient,
  type TestServer,
} from './helpers.js';

const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' };
const NO_FUNDS = { ...VISA, number: '4000000000009995' };
const SETTING = { thresholdMicros: 10_000_000, amountMicros: 20_000_000 };

describe.each(backends)('auto top-up (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ backend });
  });
  afterAll(() => server.close());

  const sweep = () => server.app.services.autoTopUps.runDue();
  const info = async (api: ApiClient) => (await api.get('/api/billing/info')).body;
  const purchases = (userId: string) =>
    server.storage.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'purchase')));
  /** Sets the balance to `micros` with an adjustment, as jobs spending credit would. */
  async function balanceTo(userId: string, micros: number) {
    const ledger = createLedger(server.storage.db);
    const difference = micros - (await ledger.balance(userId));
    if (difference > 0)
      await ledger.credit({
        kind: 'adjustment',
        userId,
        amountMicros: difference,
        description: 'test',
      });
    if (difference < 0)
      await ledger.debit({
        kind: 'adjustment',
        userId,
        amountMicros: -difference,
        description: 'test',
      });
  }

  it('is off by default, needs a saved card, and refuses what it could not charge', async () => {
    const { api } = await signUp(server);
    expect(await info(api)).toMatchObject({ autoTopUp: null, autoTopUpFailure: null });

    const noCard = await api.put('/api/billing/auto-top-up', { autoTopUp: SETTING });
    expect(noCard.status).toBe(400);
    expect(noCard.body).toMatchObject({
      code: 'payment_method_required',
      message: 'Save a card first: auto top-up charges your default card.',
    });

    expect((await api.post('/api/billing/payment-methods', VISA)).status).toBe(201);
    for (const [autoTopUp, field, message] of [
      [{ ...SETTING, thresholdMicros: 500_000 }, 'autoTopUp.thresholdMicros', 'at least $1.00'],
      [{ ...SETTING, amountMicros: 3_000_000 }, 'autoTopUp.amountMicros', 'minimum purchase'],
      [{ ...SETTING, amountMicros: 20_000_001 }, 'autoTopUp.amountMicros', 'whole cents'],
    ] as const) {
      const refused = await api.put('/api/billing/auto-top-up', { autoTopUp });
      expect(refused.status).toBe(400);
      expect(refused.body.details.issues).toEqual([
        { field, message: expect.stringContaining(message) },
      ]);
    }

    const on = await api.put('/api/billing/auto-top-up', { autoTopUp: SETTING });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ autoTopUp: SETTING, autoTopUpFailure: null });
    const off = await api.put('/api/billing/auto-top-up', { autoTopUp: null });
    expect(off.body.autoTopUp).toBeNull();
  });

  it('charges once when the balance falls below the threshold, however many sweeps see it, and not again within the interval', async () => {
    const { api, user } = await signUp(server);
    expect((await api.post('/api/billing/payment-methods', VISA)).status).toBe(201);
    await balanceTo(user.id, 12_000_000);
    expect((await api.put('/api/billing/auto-top-up', { autoTopUp: SETTING })).status).toBe(200);
    await sweep();
    expect(await purchases(user.id)).toHaveLength(0); // $12 is above the $10 threshold

    // Two jobs finish at once and take the balance to $9; two processes sweep at once.
    const ledger = createLedger(server.storage.db);
    await Promise.all(
      [1, 2].map((job) =>
        ledger.debit({
          kind: 'adjustment',
          userId: user.id,
          amountMicros: 1_500_000,
          description: `job ${job}`,
        }),
      ),
    );
    await Promise.all([sweep(), sweep()]);
    expect(await purchases(user.id)).toHaveLength(1);
    expect((await info(api)).balanceMicros).toBe(29_000_000);

    // Spent below the threshold again at once: the interval holds the next charge back.
    await balanceTo(user.id, 2_000_000);
    await sweep();
    expect(await purchases(user.id)).toHaveLength(1);
    await server.storage.db
      .update(billingAccounts)
      .set({ autoTopUpAttemptedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(billingAccounts.userId, user.id));
    await sweep();
    expect(await purchases(user.id)).toHaveLength(2);
    expect((await info(api)).balanceMicros).toBe(22_000_000);
  });

  it('turns itself off when the card is declined, says why and e-mails the owner', async () => {
    const { api, user } = await signUp(server);
    expect((await api.post('/api/billing/payment-methods', NO_FUNDS)).status).toBe(201);
    expect((await api.put('/api/billing/auto-top-up', { autoTopUp: SETTING })).status).toBe(200);
    await balanceTo(user.id, 1_000_000);

    await sweep();
    expect(await info(api)).toMatchObject({
      balanceMicros: 1_000_000,
      autoTopUp: null,
      autoTopUpFailure: 'Your card has insufficient funds.',
    });
    const mail = await waitForMail(server, user.email, (m) => /auto top-up failed/.test(m.subject));
    expect(mail.text).toContain('charging $20.00 to your default card failed');
    expect(mail.text).toContain('Your card has insufficient funds.');
    expect(mail.text).toContain(`${server.config.appUrl}/dashboard/billing`);
    // Off, it is not tried again; set again, the failure is cleared.
    await sweep();
    const attempts = await server.storage.db
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id));
    expect(attempts.map((payment) => payment.status)).toEqual(['failed']);
    const again = await api.put('/api/billing/auto-top-up', { autoTopUp: SETTING });
    expect(again.body.autoTopUpFailure).toBeNull();
  });

  it('e-mails the owner once each time the balance falls below the alert', async () => {
    const { api, user } = await signUp(server);
    const refused = await api.put('/api/billing/low-balance-alert', { lowBalanceAlertMicros: -1 });
    expect(refused.status).toBe(400);
    const set = await api.put('/api/billing/low-balance-alert', {
      lowBalanceAlertMicros: 5_000_000,
    });
    expect(set.body.lowBalanceAlertMicros).toBe(5_000_000);
    const alerts = async () =>
      (await readOutbox(server, user.email)).filter((m) => /balance is/.test(m.subject));

    await balanceTo(user.id, 5_000_000); // at the alert, not below it
    await server.app.services.balanceAlerts.runDue();
    expect(await alerts()).toHaveLength(0);

    await balanceTo(user.id, 4_250_000);
    await Promise.all([
      server.app.services.balanceAlerts.runDue(),
      server.app.services.balanceAlerts.runDue(),
    ]);
    const [first, ...others] = await alerts();
    expect(others).toEqual([]);
    expect(first?.subject).toBe('Your Parlance balance is $4.25');
    expect(first?.text).toContain('below the $5.00 you asked to be told about');
    await server.app.services.balanceAlerts.runDue();
    expect(await alerts()).toHaveLength(1);

    // Back above it, then below again: a second e-mail.
    await balanceTo(user.id, 6_000_000);
    await server.app.services.balanceAlerts.runDue();
    await balanceTo(user.id, 1_000_000);
    await server.app.services.balanceAlerts.runDue();
    expect(await alerts()).toHaveLength(2);

    const removed = await api.put('/api/billing/low-balance-alert', {
      lowBalanceAlertMicros: null,
    });
    expect(removed.body.lowBalanceAlertMicros).toBeNull();
  });

  if (backend === 'pglite') {
    it(`the server sweeps on its own, within ${BALANCE_SWEEP_MS / 1000} s`, async () => {
      const { api, user } = await signUp(server);
      expect((await api.post('/api/billing/payment-methods', VISA)).status).toBe(201);
      expect((await api.put('/api/billing/auto-top-up', { autoTopUp: SETTING })).status).toBe(200);
      await balanceTo(user.id, 1_000_000);
      const deadline = Date.now() + BALANCE_SWEEP_MS + 5_000;
      while ((await purchases(user.id)).length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await info(api)).balanceMicros).toBe(21_000_000);
    }, 30_000);
  }
});
