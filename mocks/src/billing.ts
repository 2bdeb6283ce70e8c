import type { ApiErrorCode } from '@parlance/contract/endpoints';
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
import { billingPaths, CREDIT_HISTORY_DEFAULT_LIMIT } from '@parlance/contract/endpoints';
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
  type Endpoint,
  failAll,
  fieldRefused,
  NOW,
  type Scenarios,
  slowAll,
  unauthorizedAll,
} from './support';

export const billingEndpoints = [
  { method: 'get', path: billingPaths.info },
  {
    method: 'put',
    path: billingPaths.spendLimit,
    example: { body: { monthlyLimitMicros: 50_000_000 } },
  },
  {
    method: 'put',
    path: billingPaths.autoTopUp,
    example: { body: { autoTopUp: { thresholdMicros: 10_000_000, amountMicros: 50_000_000 } } },
  },
  {
    method: 'put',
    path: billingPaths.lowBalanceAlert,
    example: { body: { lowBalanceAlertMicros: 5_000_000 } },
  },
  {
    method: 'put',
    path: billingPaths.billingName,
    example: { body: { billingName: 'Analytical Engines Ltd' } },
  },
  { method: 'get', path: billingPaths.creditHistory },
  {
    method: 'get',
    path: billingPaths.receipt,
    example: { url: '/api/billing/receipts/pay_test_1' },
  },
  { method: 'get', path: billingPaths.paymentMethodList },
  { method: 'get', path: billingPaths.checkRecentPaymentMethod },
  {
    method: 'post',
    path: billingPaths.deletePaymentMethod,
    example: { body: { id: 'pm_test_mc_4444' } },
  },
  {
    method: 'post',
    path: billingPaths.defaultPaymentMethod,
    example: { body: { id: 'pm_test_mc_4444' } },
  },
  {
    method: 'post',
    path: billingPaths.addPaymentMethod,
    example: { body: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
  },
  {
    method: 'post',
    path: billingPaths.purchaseCredits,
    example: { body: { amount: 25, currency: 'USD' } },
  },
  {
    method: 'post',
    path: billingPaths.purchaseWithPaymentMethod,
    example: { body: { amount: 25, paymentMethodId: 'pm_test_visa_4242' } },
  },
] as const satisfies readonly Endpoint[];

type BillingPath = (typeof billingEndpoints)[number]['path'];

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
    http.get(billingPaths.info, () => HttpResponse.json<BillingInfo>(info)),
    http.put<never, MonthlyLimit, BillingInfo | ErrorResponse>(
      billingPaths.spendLimit,
      async ({ request }) => {
        // The server's rules (the contract's schema), refused as the server words it.
        const checked = MonthlyLimit.safeParse(await request.json());
        if (!checked.success) return fieldRefused('monthlyLimitMicros', checked.error.issues);
        return HttpResponse.json<BillingInfo>({ ...info, ...checked.data });
      },
    ),
    http.put<never, AutoTopUpSetting, BillingInfo | ErrorResponse>(
      billingPaths.autoTopUp,
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
    http.put<never, LowBalanceAlert, BillingInfo | ErrorResponse>(
      billingPaths.lowBalanceAlert,
      async ({ request }) => {
        const checked = LowBalanceAlert.safeParse(await request.json());
        if (!checked.success) return fieldRefused('lowBalanceAlertMicros', checked.error.issues);
        return HttpResponse.json<BillingInfo>({ ...info, ...checked.data });
      },
    ),
    http.put<never, BillingName, BillingInfo | ErrorResponse>(
      billingPaths.billingName,
      async ({ request }) => {
        const checked = BillingName.safeParse(await request.json());
        if (!checked.success) return fieldRefused('billingName', checked.error.issues);
        return HttpResponse.json<BillingInfo>({
          ...info,
          billingName: checked.data.billingName ?? userFixture.name,
        });
      },
    ),
    http.get<{ id: string }, never, ReceiptResponse | ErrorResponse>(
      billingPaths.receipt,
      ({ params }) => {
        const receipt = transactions.find((t) => t.receipt?.id === params.id)?.receipt;
        return receipt
          ? HttpResponse.json<ReceiptResponse>({ receipt })
          : apiError('not_found', 'Receipt not found');
      },
    ),
    http.get(billingPaths.creditHistory, ({ request }) => {
      const limit = Number(
        new URL(request.url).searchParams.get('limit') ?? CREDIT_HISTORY_DEFAULT_LIMIT,
      );
      return HttpResponse.json<CreditHistory>({ transactions: transactions.slice(0, limit) });
    }),
    http.get(billingPaths.paymentMethodList, () =>
      HttpResponse.json<PaymentMethodList>({ paymentMethods: methods }),
    ),
    http.get(billingPaths.checkRecentPaymentMethod, () =>
      HttpResponse.json<CheckRecentResponse>(
        methods[0] ? { hasRecent: true, paymentMethod: methods[0] } : { hasRecent: false },
      ),
    ),
    http.post(billingPaths.deletePaymentMethod, () =>
      HttpResponse.json<MessageResponse>({ message: 'Card removed' }),
    ),
    http.post(billingPaths.defaultPaymentMethod, async ({ request }) => {
      const { id } = (await request.json()) as { id?: string };
      return HttpResponse.json<PaymentMethodList>({
        paymentMethods: methods.map((method) => ({ ...method, isDefault: method.id === id })),
      });
    }),
    http.post(billingPaths.addPaymentMethod, () =>
      HttpResponse.json<AddPaymentMethodResponse>(
        { status: 'saved', paymentMethod: newCard },
        { status: 201 },
      ),
    ),
    http.post<never, { amount?: unknown }, PurchaseResponse | ErrorResponse>(
      billingPaths.purchaseCredits,
      async ({ request }) => {
        const body = await request.json();
        return purchased(body.amount, info.balanceMicros);
      },
    ),
    http.post<never, { amount?: unknown }, PurchaseResponse | ErrorResponse>(
      billingPaths.purchaseWithPaymentMethod,
      async ({ request }) => {
        const body = await request.json();
        return purchased(body.amount, info.balanceMicros);
      },
    ),
  ];
}

const populated = handlersFor(billingInfoFixture, paymentMethodsFixture, transactionsFixture);

/** One call fails with the server's message; the other billing calls answer normally. */
const failing = (
  method: 'get' | 'post',
  path: BillingPath,
  code: ApiErrorCode,
  message: string,
) => [http[method](path, () => apiError(code, message)), ...populated];

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
  error: failAll(billingEndpoints),
  slow: slowAll(billingEndpoints),
  unauthorized: unauthorizedAll(billingEndpoints),
  infoError: failing(
    'get',
    billingPaths.info,
    'internal_error',
    'Billing is temporarily unavailable.',
  ),
  historyError: failing(
    'get',
    billingPaths.creditHistory,
    'internal_error',
    'Credit history is temporarily unavailable.',
  ),
  paymentMethodsError: failing(
    'get',
    billingPaths.paymentMethodList,
    'internal_error',
    'Payment methods are temporarily unavailable.',
  ),
  /** The test provider's declined card (4000 0000 0000 0002). */
  cardDeclined: [
    http.post(billingPaths.addPaymentMethod, () =>
      apiError('card_declined', 'Your card was declined.'),
    ),
    ...populated,
  ],
  purchaseDeclined: [
    http.post(billingPaths.purchaseCredits, () =>
      apiError('card_declined', 'Your card was declined.'),
    ),
    http.post(billingPaths.purchaseWithPaymentMethod, () =>
      apiError('card_declined', 'Your card was declined.'),
    ),
    ...populated,
  ],
  broken: [
    http.get('/api/billing/*', () => new HttpResponse('Internal Server Error', { status: 500 })),
  ],
} satisfies Scenarios<string>;
