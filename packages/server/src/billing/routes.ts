import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireSession } from '../auth/guards.js';
import {
  AddPaymentMethod,
  AddPaymentMethodResponse,
  BillingInfo,
  CheckRecentQuery,
  CheckRecentResponse,
  CreditHistory,
  CreditHistoryQuery,
  PaymentMethodId,
  PaymentMethodList,
  PurchaseCredits,
  PurchaseResponse,
  PurchaseWithPaymentMethod,
  ReceiptParams,
  ReceiptResponse,
  MessageResponse,
  MonthlyLimit,
  AutoTopUpSetting,
  AUTO_TOP_UP_INTERVAL_MINUTES,
  LowBalanceAlert,
  BillingName,
} from '@parlance/contract';
import { BALANCE_SWEEP_MS } from './balanceSweep.js';
import { billingPaths } from '@parlance/contract/endpoints';
import { HttpError } from '../http/errors.js';
import { perUser } from '../http/rateLimit.js';
import { errorResponses, fileResponse } from '../http/schemas.js';
import { fileNamed, MAX_EXPORT_ROWS, sendCsv } from '../http/download.js';
import { dollarsToMicros, formatUsd, usdDecimal } from './money.js';
import { describeCard } from './purchases.js';
import { toPaymentMethod, toPurchaseResponse, toReceipt, toTransaction } from './present.js';
import type { Billing } from './service.js';
import { monthlySpending, setMonthlyLimit } from './spendLimits.js';
import { stripeWebhookRoutes } from './stripeWebhookRoutes.js';
import { billedTo, setBillingName } from './accounts.js';
import { receiptPdf } from './receiptPdf.js';

const tags = ['billing'];
const security = [{ session: [] }];
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

  app.get(
    billingPaths.info,
    {
      schema: {
        tags,
        security,
        summary: 'Balance and default card',
        response: { 200: BillingInfo, ...errorResponses(401) },
      },
    },
    async (request) => billingInfo(currentUser(request).id),
  );

  /** A PUT of one of the account's billing settings, answered with the billing info. */
  function setting<Body extends z.ZodType>(
    path: string,
    docs: { summary: string; description: string; body: Body },
    apply: (userId: string, body: z.output<Body>) => Promise<void>,
  ) {
    app.put(
      path,
      {
        schema: {
          tags,
          security,
          ...docs,
          response: { 200: BillingInfo, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const userId = currentUser(request).id;
        await apply(userId, request.body as z.output<Body>);
        return billingInfo(userId);
      },
    );
  }

  setting(
    billingPaths.spendLimit,
    {
      summary: "Set or remove the account's monthly spending limit",
      description:
        'Transcription past it this calendar month (UTC) is refused with 402 spend_limit_reached; a job already running stops where the limit is reached. Each API key may have a lower limit of its own (PUT /api/api-keys/{id}/limit).',
      body: MonthlyLimit,
    },
    (userId, body) =>
      setMonthlyLimit(app.deps.storage.db, userId, body.monthlyLimitMicros, new Date()),
  );

  setting(
    billingPaths.autoTopUp,
    {
      summary: 'Turn auto top-up on (threshold and amount) or off',
      description: `When the balance falls below the threshold, the default card is charged the amount, at most once every ${AUTO_TOP_UP_INTERVAL_MINUTES} minutes (within ${BALANCE_SWEEP_MS / 1000} s of the balance falling). A charge that fails turns auto top-up off and e-mails the owner. Needs a saved card.`,
      body: AutoTopUpSetting,
    },
    (userId, body) => autoTopUps.set(userId, body.autoTopUp),
  );

  setting(
    billingPaths.lowBalanceAlert,
    {
      summary: 'Set or remove the low-balance e-mail',
      description: `The owner is e-mailed once when the balance falls below the alert (within ${BALANCE_SWEEP_MS / 1000} s), and again only after it has stood at or above it.`,
      body: LowBalanceAlert,
    },
    (userId, body) => balanceAlerts.set(userId, body.lowBalanceAlertMicros),
  );

  app.get(
    billingPaths.creditHistory,
    {
      schema: {
        tags,
        security,
        summary: 'Credit transactions, newest first, with receipts for purchases',
        querystring: CreditHistoryQuery,
        response: { 200: CreditHistory, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const entries = await ledger.history(currentUser(request).id, request.query.limit);
      const paid = await purchases.paymentsFor(entries);
      return {
        transactions: entries.map((entry) => toTransaction(entry, paid.get(entry.reference ?? ''))),
      };
    },
  );

  app.get(
    billingPaths.creditHistoryCsv,
    {
      schema: {
        tags,
        security,
        summary: `Every credit transaction as CSV, newest first (the newest ${MAX_EXPORT_ROWS.toLocaleString('en-US')})`,
        description:
          'One row per transaction: when (UTC), its id, kind, description, signed amount and the balance after it in USD, its reference (payment or transcription id), the card of a purchase, and the audio seconds and model of a usage row.',
        response: {
          200: fileResponse('The transactions, one per row', 'text/csv'),
          ...errorResponses(401, 429),
        },
      },
      preHandler: perUser(app, 'billing:export', 20),
    },
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
  );

  app.get(
    billingPaths.receipt,
    {
      schema: {
        tags,
        security,
        summary: 'Receipt of a purchase',
        params: ReceiptParams,
        response: { 200: ReceiptResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { payment, transactionId } = await purchases.receipt(
        currentUser(request).id,
        request.params.id,
      );
      return { receipt: toReceipt(payment, transactionId) };
    },
  );

  app.get(
    billingPaths.receiptPdf,
    {
      schema: {
        tags,
        security,
        summary: 'Receipt of a paid purchase as a PDF',
        description:
          'The amount and currency, the card (brand and last four), the date paid and who it was billed to (the billing name and e-mail when the purchase began). A purchase not paid (pending, awaiting 3-D Secure, failed) answers 409 `receipt_not_paid`.',
        params: ReceiptParams,
        response: {
          200: fileResponse('The receipt', 'application/pdf'),
          ...errorResponses(401, 404, 409, 429),
        },
      },
      // Each PDF costs tens of milliseconds of CPU: a person downloads a few, a loop is stopped.
      preHandler: perUser(app, 'billing:receipt-pdf', 60),
    },
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
        .send(pdf as unknown as string); // `send` is typed by the JSON schemas; bytes go out as they are
    },
  );

  setting(
    billingPaths.billingName,
    {
      summary: 'Set the name receipts are made out to',
      description:
        "A person's or a company's name, printed on receipts of purchases made from now on; null or blank: the account's name.",
      body: BillingName,
    },
    (userId, body) => setBillingName(app.deps.storage.db, billing.clock, userId, body.billingName),
  );

  app.get(
    billingPaths.paymentMethodList,
    {
      schema: {
        tags,
        security,
        summary: 'Saved cards, default first',
        response: { 200: PaymentMethodList, ...errorResponses(401) },
      },
    },
    async (request) => ({
      paymentMethods: (await cards.list(currentUser(request).id)).map(toPaymentMethod),
    }),
  );

  app.get(
    billingPaths.checkRecentPaymentMethod,
    {
      schema: {
        tags,
        security,
        summary: 'Whether a card was saved since a moment (after a Stripe card setup)',
        querystring: CheckRecentQuery,
        response: { 200: CheckRecentResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const since = request.query.since
        ? new Date(request.query.since)
        : new Date(billing.clock.now().getTime() - RECENT_CARD_WINDOW_MS);
      const card = await cards.savedSince(currentUser(request).id, since);
      return card
        ? { hasRecent: true, paymentMethod: toPaymentMethod(card) }
        : { hasRecent: false };
    },
  );

  app.post(
    billingPaths.addPaymentMethod,
    {
      schema: {
        tags,
        security,
        summary: 'Add a card: test card fields in test mode, or a Stripe SetupIntent secret',
        body: AddPaymentMethod,
        response: {
          200: AddPaymentMethodResponse,
          201: AddPaymentMethodResponse,
          ...errorResponses(400, 401, 402, 429),
        },
      },
      preHandler: perUser(app, 'billing:add-card', 10),
    },
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
  );

  app.post(
    billingPaths.deletePaymentMethod,
    {
      schema: {
        tags,
        security,
        summary: 'Remove a saved card',
        body: PaymentMethodId,
        response: { 200: MessageResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await cards.remove(currentUser(request).id, request.body.id);
      return { message: 'Payment method removed' };
    },
  );

  app.post(
    billingPaths.defaultPaymentMethod,
    {
      schema: {
        tags,
        security,
        summary: 'Make a saved card the default',
        body: PaymentMethodId,
        response: { 200: PaymentMethodList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await cards.setDefault(userId, request.body.id);
      return { paymentMethods: (await cards.list(userId)).map(toPaymentMethod) };
    },
  );

  const purchaseResponses = {
    200: PurchaseResponse,
    ...errorResponses(400, 401, 402, 404, 409, 422, 429),
  };

  /** Both purchase calls: the named or default card; `savedCardOnly` never starts a checkout. */
  const buyCredits =
    ({ savedCardOnly }: { savedCardOnly: boolean }) =>
    async (
      request: FastifyRequest<{ Body: { amount: number; paymentMethodId?: string | undefined } }>,
    ) =>
      toPurchaseResponse(
        await purchases.purchase({
          userId: currentUser(request).id,
          amountMicros: dollarsToMicros(request.body.amount),
          paymentMethodId: request.body.paymentMethodId,
          idempotencyKey: idempotencyKey(request),
          savedCardOnly,
        }),
      );

  app.post(
    billingPaths.purchaseCredits,
    {
      schema: {
        tags,
        security,
        summary:
          'Buy credits ($5–$1,000): charges the chosen or default card, or says what to do next',
        description:
          'Send an Idempotency-Key header to retry safely: the same key answers the same result.',
        body: PurchaseCredits,
        response: purchaseResponses,
      },
      preHandler: perUser(app, 'billing:purchase', 30),
    },
    buyCredits({ savedCardOnly: false }),
  );

  app.post(
    billingPaths.purchaseWithPaymentMethod,
    {
      schema: {
        tags,
        security,
        summary: 'Buy credits with a saved card (the default unless one is named)',
        description:
          'Send an Idempotency-Key header to retry safely: the same key answers the same result.',
        body: PurchaseWithPaymentMethod,
        response: purchaseResponses,
      },
      preHandler: perUser(app, 'billing:purchase', 30),
    },
    buyCredits({ savedCardOnly: true }),
  );
};
