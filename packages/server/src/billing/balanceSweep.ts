import type { FastifyPluginAsync } from 'fastify';
import { BALANCE_SWEEP_MS } from '@parlance/contract/endpoints';

/**
 * Every API process charges the auto top-ups that are due every BALANCE_SWEEP_MS (so within
 * that long of a balance falling below its threshold), then sends the low-balance alerts that are
 * (after the top-ups, so a balance just refilled raises none); the claims in autoTopUp.ts and
 * balanceAlerts.ts make processes sweeping at once charge an account, or mail it, once. Then it
 * cancels purchases left waiting for 3-D Secure (Purchases.abandonStale).
 */
export const balanceSweep: FastifyPluginAsync = async (app) => {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const done = await app.services.autoTopUps.runDue();
        const alerts = await app.services.balanceAlerts.runDue();
        const { cancelled, unanswered } = await app.services.billing.purchases.abandonStale();
        for (const { paymentId, err } of unanswered)
          app.log.warn({ err, paymentId }, 'abandoned purchase not cancelled yet');
        if (done.charged + done.turnedOff + alerts + cancelled > 0)
          app.log.info({ ...done, alerts, abandoned: cancelled }, 'billing sweep done');
      } catch (err) {
        app.log.error({ err }, 'billing sweep failed');
      }
    });
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(run, BALANCE_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
};
