import type { ApiErrorCode, Endpoint } from '@parlance/contract/endpoints';
import { http, HttpResponse } from 'msw';
import type {
  AddPaymentMethodResponse,
  BillingInfo,
  CheckRecentResponse,
  CreditHistory,
  ErrorResponse,
  MessageResponse,
  PaymentMethod,
  PaymentMethodList,
  PurchaseResponse,
  ReceiptResponse,
} from '@parlance/contract';
import { billingEndpoints, CREDIT_HISTORY_DEFAULT_LIMIT } from '@parlance/contract/endpoints';
import { MICROS_PER_USD, formatUsd } from '@parlance/contract/money';
import {
  AutoTopUpSetting,
  BillingName,
  LowBalanceAlert,
  MonthlyLimit,
  PurchaseCredits,
} from '@parlance/contract';
import {
  billingInfoFixture,
  emptyBillingInfoFixture,
  onHoldBillingInfoFixture,
  autoTopUpFailedBillingInfoFixture,
  paymentMethodsFixture,
  transactionsFixture,
} from './fixtures/billing';
import { userFixture } from './fixtures/auth';
import {
  apiError,
  type Example,
  failAll,
  fieldRefused,
  NOW,
  on,
  type Scenarios,
  slowAll,
  unauthorizedAll,
} from './support';

/** The dashboard's billing calls (the public rates are pricing.ts's; the downloads are links). */
const endpoints = [
  billingEndpoints.info,
  billingEndpoints.spendLimit,
  billingEndpoints.autoTopUp,
  billingEndpoints.lowBalanceAlert,
  billingEndpoints.billingName,
  billingEndpoints.creditHistory,
  billingEndpoints.receipt,
  billingEndpoints.paymentMethodList,
  billingEndpoints.checkRecentPaymentMethod,
  billingEndpoints.deletePaymentMethod,
  billingEndpoints.defaultPaymentMethod,
  billingEndpoints.addPaymentMethod,
  billingEndpoints.purchaseCredits,
  billingEndpoints.purchaseWithPaymentMethod,
];

/** Requests for the contract test: a settings body, a receipt the fixtures hold, a card, a purchase. */
export const billingExamples: Example[] = [
  { endpoint: billingEndpoints.spendLimit, body: { monthlyLimitMicros: 50_000_000 } },
  {
    endpoint: billingEndpoints.autoTopUp,
    body: { autoTopUp: { thresholdMicros: 10_000_000, amountMicros: 50_000_000 } },
  },
  { endpoint: billingEndpoints.lowBalanceAlert, body: { lowBalanceAlertMicros: 5_000_000 } },
  { endpoint: billingEndpoints.billingName, body: { billingName: 'Analytical Engines Ltd' } },
  { endpoint: billingEndpoints.receipt, params: { id: 'pay_test_1' } },
  { endpoint: billingEndpoints.deletePaymentMethod, body: { id: 'pm_test_mc_4444' } },
  { endpoint: billingEndpoints.defaultPaymentMethod, body: { id: 'pm_test_mc_4444' } },
  {
    endpoint: billingEndpoints.addPaymentMethod,
    body: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
  },
  { endpoint: billingEndpoints.purchaseCredits, body: { amount: 25, currency: 'USD' } },
  {
    endpoint: billingEndpoints.purchaseWithPaymentMethod,
    body: { amount: 25, paymentMethodId: 'pm_test_visa_4242' },
  },
];

const newCard: PaymentMethod = {
  id: 'pm_test_new_4242',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  isDefault: false,
  createdAt: NOW.toISOString(),
};

/** A successful purchase of the requested dollar amount. */
function purchased(amount: unknown, balanceMicros: number) {
  // The server's rules for the amount (the contract's schema), refused as the server words it.
  const checked = PurchaseCredits.shape.amount.safeParse(amount);
  if (!checked.success) return fieldRefused('amount', checked.error.issues);
  // Whole cents, as the server takes them.
  const amountMicros = Math.round(Number(amount) * 100) * (MICROS_PER_USD / 100);
  const total = balanceMicros + amountMicros;
  return HttpResponse.json<PurchaseResponse>({
    status: 'succeeded',
    transactionId: 'txn_new',
    paymentId: 'pay_test_new',
    amountMicros,
    balanceMicros: total,
    balance: formatUsd(total),
  });
}

function handlersFor(
  info: BillingInfo,
  methods: PaymentMethod[],
  transactions: CreditHistory['transactions'],
) {
  return [
    on(billingEndpoints.info, () => HttpResponse.json<BillingInfo>(info)),
    on<never, MonthlyLimit, BillingInfo | ErrorResponse>(
      billingEndpoints.spendLimit,
      async ({ request }) => {
        // The server's rules (the contract's schema), refused as the server words it.
        const checked = MonthlyLimit.safeParse(await request.json());
        if (!checked.success) return fieldRefused('monthlyLimitMicros', checked.error.issues);
        return HttpResponse.json<BillingInfo>({ ...info, ...checked.data });
      },
    ),
    on<never, AutoTopUpSetting, BillingInfo | ErrorResponse>(
      billingEndpoints.autoTopUp,
      async ({ request }) => {
        const checked = AutoTopUpSetting.safeParse(await request.json());
        if (!checked.success) {
          const [issue] = checked.error.issues;
          return fieldRefused(issue?.path.join('.') ?? 'autoTopUp', checked.error.issues);
        }
        return HttpResponse.json<BillingInfo>({
          ...info,
          autoTopUp: checked.data.autoTopUp,
          autoTopUpFailure: null,
        });
      },
    ),
    on<never, LowBalanceAlert, BillingInfo | ErrorResponse>(
      billingEndpoints.lowBalanceAlert,
      async ({ request }) => {
        const checked = LowBalanceAlert.safeParse(await request.json());
        if (!checked.success) return fieldRefused('lowBalanceAlertMicros', checked.error.issues);
        return HttpResponse.json<BillingInfo>({ ...info, ...checked.data });
      },
    ),
    on<never, BillingName, BillingInfo | ErrorResponse>(
      billingEndpoints.billingName,
      async ({ request }) => {
        const checked = BillingName.safeParse(await request.json());
        if (!checked.success) return fieldRefused('billingName', checked.error.issues);
        return HttpResponse.json<BillingInfo>({
          ...info,
          billingName: checked.data.billingName ?? userFixture.name,
        });
      },
    ),
    on<{ id: string }, never, ReceiptResponse | ErrorResponse>(
      billingEndpoints.receipt,
      ({ params }) => {
        const receipt = transactions.find((t) => t.receipt?.id === params.id)?.receipt;
        return receipt
          ? HttpResponse.json<ReceiptResponse>({ receipt })
          : apiError('not_found', 'Receipt not found');
      },
    ),
    on(billingEndpoints.creditHistory, ({ request }) => {
      const limit = Number(
        new URL(request.url).searchParams.get('limit') ?? CREDIT_HISTORY_DEFAULT_LIMIT,
      );
      return HttpResponse.json<CreditHistory>({ transactions: transactions.slice(0, limit) });
    }),
    on(billingEndpoints.paymentMethodList, () =>
      HttpResponse.json<PaymentMethodList>({ paymentMethods: methods }),
    ),
    on(billingEndpoints.checkRecentPaymentMethod, () =>
      HttpResponse.json<CheckRecentResponse>(
        methods[0] ? { hasRecent: true, paymentMethod: methods[0] } : { hasRecent: false },
      ),
    ),
    on(billingEndpoints.deletePaymentMethod, () =>
      HttpResponse.json<MessageResponse>({ message: 'Card removed' }),
    ),
    on(billingEndpoints.defaultPaymentMethod, async ({ request }) => {
      const { id } = (await request.json()) as { id?: string };
      return HttpResponse.json<PaymentMethodList>({
        paymentMethods: methods.map((method) => ({ ...method, isDefault: method.id === id })),
      });
    }),
    on(billingEndpoints.addPaymentMethod, () =>
      HttpResponse.json<AddPaymentMethodResponse>(
        { status: 'saved', paymentMethod: newCard },
        { status: 201 },
      ),
    ),
    on<never, { amount?: unknown }, PurchaseResponse | ErrorResponse>(
      billingEndpoints.purchaseCredits,
      async ({ request }) => {
        const body = await request.json();
        return purchased(body.amount, info.balanceMicros);
      },
    ),
    on<never, { amount?: unknown }, PurchaseResponse | ErrorResponse>(
      billingEndpoints.purchaseWithPaymentMethod,
      async ({ request }) => {
        const body = await request.json();
        return purchased(body.amount, info.balanceMicros);
      },
    ),
  ];
}

const populated = handlersFor(billingInfoFixture, paymentMethodsFixture, transactionsFixture);

/** One call fails with the server's message; the other billing calls answer normally. */
const failing = (endpoint: Endpoint, code: ApiErrorCode, message: string) => [
  on(endpoint, () => apiError(code, message)),
  ...populated,
];

export const billingHandlers = {
  default: populated,
  /** A new account: no balance, no cards, no history. */
  empty: handlersFor(emptyBillingInfoFixture, [], []),
  /** Auto top-up's charge was declined: it turned itself off. */
  autoTopUpFailed: handlersFor(
    autoTopUpFailedBillingInfoFixture,
    paymentMethodsFixture,
    transactionsFixture,
  ),
  /** A refund or dispute took back spent credit: the account owes $8.00 and is on hold. */
  onHold: handlersFor(onHoldBillingInfoFixture, paymentMethodsFixture, transactionsFixture),
  error: failAll(endpoints),
  slow: slowAll(endpoints),
  unauthorized: unauthorizedAll(endpoints),
  infoError: failing(
    billingEndpoints.info,
    'internal_error',
    'Billing is temporarily unavailable.',
  ),
  historyError: failing(
    billingEndpoints.creditHistory,
    'internal_error',
    'Credit history is temporarily unavailable.',
  ),
  paymentMethodsError: failing(
    billingEndpoints.paymentMethodList,
    'internal_error',
    'Payment methods are temporarily unavailable.',
  ),
  /** The test provider's declined card (4000 0000 0000 0002). */
  cardDeclined: [
    on(billingEndpoints.addPaymentMethod, () =>
      apiError('card_declined', 'Your card was declined.'),
    ),
    ...populated,
  ],
  purchaseDeclined: [
    on(billingEndpoints.purchaseCredits, () =>
      apiError('card_declined', 'Your card was declined.'),
    ),
    on(billingEndpoints.purchaseWithPaymentMethod, () =>
      apiError('card_declined', 'Your card was declined.'),
    ),
    ...populated,
  ],
  broken: [
    http.get('/api/billing/*', () => new HttpResponse('Internal Server Error', { status: 500 })),
  ],
} satisfies Scenarios<string>;
