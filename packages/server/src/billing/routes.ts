import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../auth/guards.js';
import { billingOperations, type BillingInfo } from '@parlance/contract';
import { MAX_EXPORT_ROWS } from '@parlance/contract/endpoints';
import { HttpError } from '../http/errors.js';
import { serve } from '../http/operation.js';
import { perUser } from '../http/rateLimit.js';
import { fileNamed, sendCsv } from '../http/download.js';
import { dollarsToMicros, formatUsd, usdDecimal } from './money.js';
import { describeCard } from './purchases.js';
import { toPaymentMethod, toPurchaseResponse, toReceipt, toTransaction } from './present.js';
import type { Billing } from './service.js';
import { monthlySpending, setMonthlyLimit } from './spendLimits.js';
import { stripeWebhookRoutes } from './stripeWebhookRoutes.js';
import { billedTo, setBillingName } from './accounts.js';
import { receiptPdf } from './receiptPdf.js';

const RECENT_CARD_WINDOW_MS = 10 * 60_000;
/** How far apart two processes' clocks may be for card setup's `startedAt`. */
const CLOCK_MARGIN_MS = 5_000;

function idempotencyKey(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new HttpError(
      'invalid_idempotency_key',
      'Idempotency-Key must be 1 to 255 visible ASCII characters',
    );
  }
  return value;
}

/** /api/billing/* (dashboard session) and the Stripe webhook; the public rates come with the models. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { billing } = app.services;
  await app.register(stripeWebhookRoutes, { billing });
  await app.register(sessionRoutes, { billing });
};

const sessionRoutes: FastifyPluginAsyncZod<{ billing: Billing }> = async (app, { billing }) => {
  const { cards, purchases, ledger, provider } = billing;
  app.addHook('preHandler', requireSession);
  const { autoTopUps, balanceAlerts } = app.services;
  const billingInfo = async (userId: string): Promise<BillingInfo> => {
    const [{ balanceMicros, owedMicros }, card, spending, topUp, alert, billed] = await Promise.all(
      [
        ledger.standing(userId),
        cards.defaultCard(userId),
        monthlySpending(app.deps.storage.db, userId, new Date()),
        autoTopUps.get(userId),
        balanceAlerts.get(userId),
        billedTo(app.deps.storage.db, userId),
      ],
    );
    return {
      balanceMicros,
      balance: formatUsd(balanceMicros),
      owedMicros,
      owed: formatUsd(owedMicros),
      currency: 'USD' as const,
      defaultPaymentMethod: card ? toPaymentMethod(card) : null,
      paymentProvider: provider.kind,
      stripePublishableKey: billing.config.stripe?.publishableKey ?? null,
      stripeJsUrl: billing.config.stripe?.jsUrl?.href ?? null,
      monthlyLimitMicros: spending.limitMicros,
      spentThisMonthMicros: spending.spentMicros,
      spentThisMonth: formatUsd(spending.spentMicros),
      autoTopUp: topUp.autoTopUp,
      lowBalanceAlertMicros: alert,
      autoTopUpFailure: topUp.failure,
      billingName: billed.name,
    };
  };

  serve(app, billingOperations.info, async (request) => billingInfo(currentUser(request).id));

  /** A PUT of one of the account's billing settings: the change, answered with the billing info. */
  const settle = async (request: FastifyRequest, change: (userId: string) => Promise<void>) => {
    const userId = currentUser(request).id;
    await change(userId);
    return billingInfo(userId);
  };

  serve(app, billingOperations.spendLimit, (request) =>
    settle(request, (userId) =>
      setMonthlyLimit(app.deps.storage.db, userId, request.body.monthlyLimitMicros, new Date()),
    ),
  );

  serve(app, billingOperations.autoTopUp, (request) =>
    settle(request, (userId) => autoTopUps.set(userId, request.body.autoTopUp)),
  );

  serve(app, billingOperations.lowBalanceAlert, (request) =>
    settle(request, (userId) => balanceAlerts.set(userId, request.body.lowBalanceAlertMicros)),
  );

  serve(app, billingOperations.creditHistory, async (request) => {
    const entries = await ledger.history(currentUser(request).id, request.query.limit);
    const paid = await purchases.paymentsFor(entries);
    return {
      transactions: entries.map((entry) => toTransaction(entry, paid.get(entry.reference ?? ''))),
    };
  });

  serve(
    app,
    billingOperations.creditHistoryCsv,
    async (request, reply) => {
      const entries = await ledger.history(currentUser(request).id, MAX_EXPORT_ROWS);
      const paid = await purchases.paymentsFor(entries);
      return sendCsv(
        reply,
        'parlance-transactions.csv',
        [
          'created_at',
          'transaction_id',
          'kind',
          'description',
          'amount_usd',
          'balance_after_usd',
          'reference',
          'card',
          'audio_seconds',
          'model',
        ],
        entries.map((entry) => {
          const payment = paid.get(entry.reference ?? '');
          return [
            entry.createdAt.toISOString(),
            entry.id,
            entry.kind,
            entry.description,
            usdDecimal(entry.amountMicros),
            usdDecimal(entry.balanceAfterMicros),
            entry.reference,
            payment ? describeCard(payment.methodBrand, payment.methodLast4) : null,
            entry.audioSeconds,
            entry.model,
          ];
        }),
      );
    },
    { preHandler: perUser(app, 'billing:export', 20) },
  );

  serve(app, billingOperations.receipt, async (request) => {
    const { payment, transactionId } = await purchases.receipt(
      currentUser(request).id,
      request.params.id,
    );
    return { receipt: toReceipt(payment, transactionId) };
  });

  serve(
    app,
    billingOperations.receiptPdf,
    async (request, reply) => {
      const { payment, transactionId } = await purchases.receipt(
        currentUser(request).id,
        request.params.id,
      );
      if (payment.status !== 'succeeded') {
        throw new HttpError(
          'receipt_not_paid',
          'This purchase has not been paid: it has no receipt',
        );
      }
      const pdf = await receiptPdf(toReceipt(payment, transactionId), app.config.appUrl);
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          fileNamed('attachment', `parlance-receipt-${payment.id}.pdf`),
        )
        .send(pdf as unknown as string);
    },
    // Each PDF costs tens of milliseconds of CPU: a person downloads a few, a loop is stopped.
    { preHandler: perUser(app, 'billing:receipt-pdf', 60) },
  );

  serve(app, billingOperations.billingName, (request) =>
    settle(request, (userId) =>
      setBillingName(app.deps.storage.db, billing.clock, userId, request.body.billingName),
    ),
  );

  serve(app, billingOperations.paymentMethodList, async (request) => ({
    paymentMethods: (await cards.list(currentUser(request).id)).map(toPaymentMethod),
  }));

  serve(app, billingOperations.checkRecentPaymentMethod, async (request) => {
    const since = request.query.since
      ? new Date(request.query.since)
      : new Date(billing.clock.now().getTime() - RECENT_CARD_WINDOW_MS);
    const card = await cards.savedSince(currentUser(request).id, since);
    return card ? { hasRecent: true, paymentMethod: toPaymentMethod(card) } : { hasRecent: false };
  });

  serve(
    app,
    billingOperations.addPaymentMethod,
    async (request, reply) => {
      const { number, expMonth, expYear, cvc } = request.body;
      if (
        provider.kind === 'stripe' &&
        [number, expMonth, expYear, cvc].some((field) => field !== undefined)
      ) {
        throw new HttpError(
          'card_fields_refused',
          'Card details go to Stripe directly: send an empty body.',
        );
      }
      const input =
        number !== undefined && expMonth !== undefined && expYear !== undefined && cvc !== undefined
          ? { number, expMonth, expYear, cvc }
          : null;
      // A few seconds early: the webhook that saves the card may reach a process whose clock is
      // a little behind this one's.
      const startedAt = new Date(billing.clock.now().getTime() - CLOCK_MARGIN_MS).toISOString();
      const added = await cards.add(currentUser(request).id, input);
      if (added.status !== 'saved') return { ...added, startedAt };
      return reply.code(201).send({ status: 'saved', paymentMethod: toPaymentMethod(added.card) });
    },
    { preHandler: perUser(app, 'billing:add-card', 10) },
  );

  serve(app, billingOperations.deletePaymentMethod, async (request) => {
    await cards.remove(currentUser(request).id, request.body.id);
    return { message: 'Payment method removed' };
  });

  serve(app, billingOperations.defaultPaymentMethod, async (request) => {
    const userId = currentUser(request).id;
    await cards.setDefault(userId, request.body.id);
    return { paymentMethods: (await cards.list(userId)).map(toPaymentMethod) };
  });

  /** Both purchase calls: the named or default card; `savedCardOnly` never starts a checkout. */
  const buyCredits = async (
    request: FastifyRequest,
    body: { amount: number; paymentMethodId?: string | undefined },
    savedCardOnly: boolean,
  ) =>
    toPurchaseResponse(
      await purchases.purchase({
        userId: currentUser(request).id,
        amountMicros: dollarsToMicros(body.amount),
        paymentMethodId: body.paymentMethodId,
        idempotencyKey: idempotencyKey(request),
        savedCardOnly,
      }),
    );

  serve(
    app,
    billingOperations.purchaseCredits,
    async (request) => buyCredits(request, request.body, false),
    {
      preHandler: perUser(app, 'billing:purchase', 30),
    },
  );

  serve(
    app,
    billingOperations.purchaseWithPaymentMethod,
    async (request) => buyCredits(request, request.body, true),
    {
      preHandler: perUser(app, 'billing:purchase', 30),
    },
  );
};
