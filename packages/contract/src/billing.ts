import { z } from 'zod';
import { billingEndpoints } from './apiPaths.js';
import { MessageResponse, Micros, Timestamp, UsdText } from './common.js';
import { CREDIT_HISTORY_DEFAULT_LIMIT, MAX_EXPORT_ROWS, MAX_LIST_LIMIT } from './listDefaults.js';
import { MICROS_PER_USD } from './money.js';
import { describeEndpoints, fileResponse } from './operation.js';
import {
  AUTO_TOP_UP_INTERVAL_MINUTES,
  BALANCE_SWEEP_MS,
  MAX_BILLING_NAME_LENGTH,
  MAX_PURCHASE_DOLLARS,
  MIN_PURCHASE_DOLLARS,
} from './purchaseLimits.js';

/** Money travels as micro-dollars next to the exact text (money.ts); currency is always USD. */

export const ModelRate = z
  .object({
    model: z.string(),
    microsPerHour: Micros.describe('Price in US micro-dollars per hour of audio'),
    usdPerMinute: z.number().describe('The same price in dollars per minute'),
    englishOnly: z.boolean(),
  })
  .meta({ id: 'ModelRate' });
export type ModelRate = z.infer<typeof ModelRate>;

export const RatesResponse = z.object({
  currency: z.literal('USD'),
  billing: z.string().describe('How a job is charged'),
  rates: z.array(ModelRate),
});
export type RatesResponse = z.infer<typeof RatesResponse>;

export const PaymentMethod = z
  .object({
    id: z.string(),
    brand: z.string().describe('visa, mastercard, amex, …'),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    isDefault: z.boolean(),
    createdAt: Timestamp,
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** The most a monthly spending limit (or a low-balance alert) may be: $1,000,000. */
export const MAX_MONTHLY_LIMIT_MICROS = 1_000_000 * 1_000_000;

/** Whole cents, as micro-dollars. */
const centsMicros = (what: string) =>
  Micros.multipleOf(10_000, { error: `${what} is in whole cents` });

/**
 * Auto top-up: when the balance falls below `thresholdMicros`, the default card is charged
 * `amountMicros` (at most once every AUTO_TOP_UP_INTERVAL_MINUTES; a failed charge turns it off).
 */
export const AutoTopUp = z
  .object({
    thresholdMicros: centsMicros('The threshold')
      .min(MICROS_PER_USD, { error: 'The threshold is at least $1.00' })
      .max(MAX_PURCHASE_DOLLARS * MICROS_PER_USD, { error: 'The threshold is at most $1,000.00' })
      .describe('Top up when the balance falls below this, in US micro-dollars'),
    amountMicros: centsMicros('The amount')
      .min(MIN_PURCHASE_DOLLARS * MICROS_PER_USD, {
        error: `The minimum purchase is $${MIN_PURCHASE_DOLLARS}.00`,
      })
      .max(MAX_PURCHASE_DOLLARS * MICROS_PER_USD, { error: 'The maximum purchase is $1,000.00' })
      .describe('What the default card is charged each time, in US micro-dollars'),
  })
  .meta({ id: 'AutoTopUp' });
export type AutoTopUp = z.infer<typeof AutoTopUp>;

/** `PUT /api/billing/low-balance-alert`: null removes the alert. */
export const LowBalanceAlert = z
  .object({
    lowBalanceAlertMicros: centsMicros('The alert')
      .min(0, { error: 'The alert cannot be negative' })
      .max(MAX_MONTHLY_LIMIT_MICROS, { error: 'The alert is at most $1,000,000' })
      .nullable()
      .describe('In US micro-dollars; null removes the alert'),
  })
  .meta({ id: 'LowBalanceAlert' });
export type LowBalanceAlert = z.infer<typeof LowBalanceAlert>;

/** `PUT /api/billing/auto-top-up`: null turns it off. */
export const AutoTopUpSetting = z
  .object({ autoTopUp: AutoTopUp.nullable() })
  .meta({ id: 'AutoTopUpSetting' });
export type AutoTopUpSetting = z.infer<typeof AutoTopUpSetting>;

export const BillingInfo = z
  .object({
    balanceMicros: Micros,
    balance: UsdText,
    owedMicros: Micros.describe(
      'Credit a refund or dispute took back after it was spent. Above 0, new transcriptions are refused (402 account_on_hold) until added credit settles it',
    ),
    owed: UsdText,
    currency: z.literal('USD'),
    defaultPaymentMethod: PaymentMethod.nullable(),
    paymentProvider: z
      .enum(['test', 'stripe'])
      .describe('test: cards are entered as test numbers; stripe: cards are added with Stripe.js'),
    stripePublishableKey: z.string().nullable(),
    stripeJsUrl: z
      .url()
      .nullable()
      .describe(
        "Where the app loads Stripe.js from when not Stripe's own (a local stand-in in tests); null: https://js.stripe.com",
      ),
    monthlyLimitMicros: Micros.nullable().describe(
      'What the account may spend on transcription per calendar month (UTC); null: no limit. Past it, requests get 402 spend_limit_reached',
    ),
    spentThisMonthMicros: Micros.describe('Transcription completed this calendar month (UTC)'),
    spentThisMonth: UsdText,
    autoTopUp: AutoTopUp.nullable().describe('null: off (the default)'),
    lowBalanceAlertMicros: Micros.nullable().describe(
      'The owner is e-mailed when the balance falls below this (once, until it is above again); null: no alert',
    ),
    autoTopUpFailure: z
      .string()
      .nullable()
      .describe(
        'Why auto top-up turned itself off: its last charge failed (also e-mailed). Cleared when it is set again',
      ),
    billingName: z
      .string()
      .describe("Receipts are made out to this name: the one set, else the account's name"),
  })
  .meta({ id: 'BillingInfo' });

/** `PUT /api/billing/billing-name`: null (or blank) makes receipts out to the account's name. */
export const BillingName = z
  .object({
    billingName: z
      .string()
      .trim()
      .max(MAX_BILLING_NAME_LENGTH, {
        error: `The billing name is at most ${MAX_BILLING_NAME_LENGTH} characters`,
      })
      .nullable()
      .transform((name) => (name === '' ? null : name))
      .describe("A person's or a company's name for receipts; null or blank: the account's name"),
  })
  .meta({ id: 'BillingName' });
export type BillingName = z.input<typeof BillingName>;

/** `PUT /api/billing/spend-limit` and `PUT /api/api-keys/{id}/limit`. */
export const MonthlyLimit = z
  .object({
    monthlyLimitMicros: Micros.min(0, { error: 'A limit cannot be negative' })
      .max(MAX_MONTHLY_LIMIT_MICROS, { error: 'A limit is at most $1,000,000' })
      .nullable()
      .describe('Per calendar month (UTC), in US micro-dollars; null removes the limit'),
  })
  .meta({ id: 'MonthlyLimit' });
export type MonthlyLimit = z.infer<typeof MonthlyLimit>;
export type BillingInfo = z.infer<typeof BillingInfo>;

export const Receipt = z
  .object({
    id: z.string().describe('Payment id'),
    transactionId: z.string().nullable(),
    amountMicros: Micros.describe('What the card was charged: always whole cents'),
    amount: UsdText,
    currency: z.literal('USD'),
    method: z.string().nullable().describe('e.g. "Visa •••• 4242"'),
    billedTo: z
      .object({ name: z.string(), email: z.string() })
      .describe('The billing name and e-mail when the purchase began'),
    date: Timestamp,
    status: z.enum(['pending', 'requires_action', 'succeeded', 'failed']),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof Receipt>;

export const CreditTransaction = z
  .object({
    id: z.string(),
    kind: z.enum(['purchase', 'usage', 'refund', 'dispute', 'adjustment', 'signup_bonus']),
    amountMicros: Micros.describe('Signed: credits positive, debits negative'),
    amount: UsdText,
    balanceAfterMicros: Micros,
    description: z.string(),
    reference: z.string().nullable().describe('Payment id or transcription id'),
    audioSeconds: z.number().nullable(),
    model: z.string().nullable(),
    createdAt: Timestamp,
    receipt: Receipt.nullable().describe('Purchases only'),
  })
  .meta({ id: 'CreditTransaction' });
export type CreditTransaction = z.infer<typeof CreditTransaction>;

export const CreditHistoryQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(CREDIT_HISTORY_DEFAULT_LIMIT),
});
export const CreditHistory = z.object({ transactions: z.array(CreditTransaction) });
export type CreditHistory = z.infer<typeof CreditHistory>;

export const PaymentMethodList = z.object({ paymentMethods: z.array(PaymentMethod) });
export type PaymentMethodList = z.infer<typeof PaymentMethodList>;

export const CheckRecentQuery = z.object({
  since: Timestamp.optional().describe('Defaults to ten minutes ago'),
});
export const CheckRecentResponse = z.object({
  hasRecent: z.boolean(),
  paymentMethod: PaymentMethod.optional(),
});
export type CheckRecentResponse = z.infer<typeof CheckRecentResponse>;

export const PaymentMethodId = z.object({
  id: z.string().min(1, { error: 'Choose a payment method' }),
});
export type PaymentMethodId = z.infer<typeof PaymentMethodId>;

/** Card fields are accepted in test mode only; with Stripe, send an empty body and use the secret. */
export const AddPaymentMethod = z.object({
  number: z.string().max(40).optional(),
  expMonth: z
    .number()
    .int()
    .min(1)
    .max(12, { error: 'Expiry month must be between 1 and 12' })
    .optional(),
  expYear: z.number().int().min(2000).max(2100).optional(),
  cvc: z.string().max(4).optional(),
});
export type AddPaymentMethod = z.infer<typeof AddPaymentMethod>;

export const AddPaymentMethodResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('saved'), paymentMethod: PaymentMethod }),
  z.object({
    status: z.literal('requires_action'),
    clientSecret: z.string().describe('SetupIntent client secret for Stripe.js confirmCardSetup'),
    startedAt: Timestamp.describe(
      "The server's time as the setup began (less a few seconds for servers' clocks): check-recent's `since`, so a browser's clock plays no part",
    ),
  }),
]);
export type AddPaymentMethodResponse = z.infer<typeof AddPaymentMethodResponse>;

const Dollars = z
  .number({ error: 'Enter an amount in dollars' })
  .min(MIN_PURCHASE_DOLLARS, { error: `The minimum purchase is $${MIN_PURCHASE_DOLLARS}.00` })
  .max(MAX_PURCHASE_DOLLARS, { error: 'The maximum purchase is $1,000.00' })
  .multipleOf(0.01, { error: 'Amounts are in whole cents' })
  .describe('Dollars, e.g. 20 or 12.50');

export const PurchaseCredits = z.object({
  amount: Dollars,
  currency: z.literal('USD', { error: 'Only USD is supported' }).default('USD'),
  paymentMethodId: z.string().optional().describe('Defaults to the default payment method'),
});
export type PurchaseCredits = z.input<typeof PurchaseCredits>;

export const PurchaseWithPaymentMethod = z.object({
  amount: Dollars,
  paymentMethodId: z.string().optional().describe('Defaults to the default payment method'),
});
export type PurchaseWithPaymentMethod = z.infer<typeof PurchaseWithPaymentMethod>;

export const PurchaseResponse = z
  .discriminatedUnion('status', [
    z.object({
      status: z.literal('succeeded'),
      transactionId: z.string().describe('The credit entry in the history'),
      paymentId: z.string(),
      amountMicros: Micros,
      balanceMicros: Micros,
      balance: UsdText,
    }),
    z.object({
      status: z.literal('requires_action'),
      paymentId: z.string(),
      clientSecret: z.string().describe('PaymentIntent client secret for Stripe.js'),
    }),
    z.object({
      status: z.literal('requires_payment_method'),
      message: z.string(),
    }),
  ])
  .meta({ id: 'PurchaseResponse' });
export type PurchaseResponse = z.infer<typeof PurchaseResponse>;

export const ReceiptParams = z.object({ id: z.string().min(1) });
export const ReceiptResponse = z.object({ receipt: Receipt });
export type ReceiptResponse = z.infer<typeof ReceiptResponse>;

const tags = ['billing'];
const auth = ['session'] as const;

/** A PUT of one of the account's billing settings, answered with the billing info. */
const setting = <Body extends z.ZodType>(docs: {
  summary: string;
  description: string;
  body: Body;
}) => ({ tags, auth, ...docs, responses: { 200: BillingInfo }, errors: [400, 401] as const });

/** Both purchase calls answer alike. */
const purchase = {
  tags,
  auth,
  description:
    'Send an Idempotency-Key header to retry safely: the same key answers the same result.',
  responses: { 200: PurchaseResponse },
  errors: [400, 401, 402, 404, 409, 422, 429],
} as const;

/** /api/billing/* (dashboard session), the public rates and the Stripe webhook. */
export const billingOperations = describeEndpoints(billingEndpoints, {
  rates: {
    tags,
    summary: 'Price per installed model (public, for the pricing page)',
    responses: { 200: RatesResponse },
    errors: [429, 503],
  },
  info: {
    tags,
    auth,
    summary: 'Balance and default card',
    responses: { 200: BillingInfo },
    errors: [401],
  },
  spendLimit: setting({
    summary: "Set or remove the account's monthly spending limit",
    description:
      'Transcription past it this calendar month (UTC) is refused with 402 spend_limit_reached; a job already running stops where the limit is reached. Each API key may have a lower limit of its own (PUT /api/api-keys/{id}/limit).',
    body: MonthlyLimit,
  }),
  autoTopUp: setting({
    summary: 'Turn auto top-up on (threshold and amount) or off',
    description: `When the balance falls below the threshold, the default card is charged the amount, at most once every ${AUTO_TOP_UP_INTERVAL_MINUTES} minutes (within ${BALANCE_SWEEP_MS / 1000} s of the balance falling). A charge that fails turns auto top-up off and e-mails the owner. Needs a saved card.`,
    body: AutoTopUpSetting,
  }),
  lowBalanceAlert: setting({
    summary: 'Set or remove the low-balance e-mail',
    description: `The owner is e-mailed once when the balance falls below the alert (within ${BALANCE_SWEEP_MS / 1000} s), and again only after it has stood at or above it.`,
    body: LowBalanceAlert,
  }),
  creditHistory: {
    tags,
    auth,
    summary: 'Credit transactions, newest first, with receipts for purchases',
    query: CreditHistoryQuery,
    responses: { 200: CreditHistory },
    errors: [400, 401],
  },
  creditHistoryCsv: {
    tags,
    auth,
    summary: `Every credit transaction as CSV, newest first (the newest ${MAX_EXPORT_ROWS.toLocaleString('en-US')})`,
    description:
      'One row per transaction: when (UTC), its id, kind, description, signed amount and the balance after it in USD, its reference (payment or transcription id), the card of a purchase, and the audio seconds and model of a usage row.',
    responses: { 200: fileResponse('The transactions, one per row', 'text/csv') },
    errors: [401, 429],
  },
  receipt: {
    tags,
    auth,
    summary: 'Receipt of a purchase',
    params: ReceiptParams,
    responses: { 200: ReceiptResponse },
    errors: [401, 404],
  },
  receiptPdf: {
    tags,
    auth,
    summary: 'Receipt of a paid purchase as a PDF',
    description:
      'The amount and currency, the card (brand and last four), the date paid and who it was billed to (the billing name and e-mail when the purchase began). A purchase not paid (pending, awaiting 3-D Secure, failed) answers 409 `receipt_not_paid`.',
    params: ReceiptParams,
    responses: { 200: fileResponse('The receipt', 'application/pdf') },
    errors: [401, 404, 409, 429],
  },
  billingName: setting({
    summary: 'Set the name receipts are made out to',
    description:
      "A person's or a company's name, printed on receipts of purchases made from now on; null or blank: the account's name.",
    body: BillingName,
  }),
  paymentMethodList: {
    tags,
    auth,
    summary: 'Saved cards, default first',
    responses: { 200: PaymentMethodList },
    errors: [401],
  },
  checkRecentPaymentMethod: {
    tags,
    auth,
    summary: 'Whether a card was saved since a moment (after a Stripe card setup)',
    query: CheckRecentQuery,
    responses: { 200: CheckRecentResponse },
    errors: [400, 401],
  },
  addPaymentMethod: {
    tags,
    auth,
    summary: 'Add a card: test card fields in test mode, or a Stripe SetupIntent secret',
    body: AddPaymentMethod,
    responses: { 200: AddPaymentMethodResponse, 201: AddPaymentMethodResponse },
    errors: [400, 401, 402, 429],
  },
  deletePaymentMethod: {
    tags,
    auth,
    summary: 'Remove a saved card',
    body: PaymentMethodId,
    responses: { 200: MessageResponse },
    errors: [400, 401, 404],
  },
  defaultPaymentMethod: {
    tags,
    auth,
    summary: 'Make a saved card the default',
    body: PaymentMethodId,
    responses: { 200: PaymentMethodList },
    errors: [400, 401, 404],
  },
  purchaseCredits: {
    ...purchase,
    summary: 'Buy credits ($5–$1,000): charges the chosen or default card, or says what to do next',
    body: PurchaseCredits,
  },
  purchaseWithPaymentMethod: {
    ...purchase,
    summary: 'Buy credits with a saved card (the default unless one is named)',
    body: PurchaseWithPaymentMethod,
  },
  stripeWebhook: {
    tags,
    summary:
      'Stripe events (signed): credits a purchase exactly once per PaymentIntent; refunds and disputes take its credit back',
    responses: { 200: z.object({ received: z.literal(true) }) },
    errors: [400, 404],
  },
});
