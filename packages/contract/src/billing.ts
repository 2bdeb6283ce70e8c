import { z } from 'zod';
import { Micros, Timestamp, UsdText } from './common.js';
import { CREDIT_HISTORY_DEFAULT_LIMIT, MAX_LIST_LIMIT } from './listDefaults.js';
import { MICROS_PER_USD } from './money.js';
import {
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

/** At most one auto top-up per account in this many minutes, however fast credit is spent. */
export const AUTO_TOP_UP_INTERVAL_MINUTES = 10;

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
