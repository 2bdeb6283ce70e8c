import { http, HttpResponse } from 'msw';
import type {
  AddPaymentMethodResponse,
  BillingInfo,
  CheckRecentResponse,
  CreditHistory,
  MessageResponse,
  PaymentMethod,
  PaymentMethodList,
  PurchaseResponse,
} from '@parlance/server/contract';
import { MICROS_PER_USD, formatUsd } from '@parlance/server/money';
import {
  billingInfoFixture,
  emptyBillingInfoFixture,
  onHoldBillingInfoFixture,
  paymentMethodsFixture,
  transactionsFixture,
} from './fixtures/billing';
import {
  NOW,
  apiError,
  failAll,
  slowAll,
  unauthorizedAll,
  type Endpoint,
  type Scenarios,
} from './support';

export const billingEndpoints = [
  { method: 'get', path: '/api/billing/info' },
  { method: 'get', path: '/api/billing/credits/history' },
  { method: 'get', path: '/api/billing/payment-methods/list' },
  { method: 'get', path: '/api/billing/payment-methods/check-recent' },
  {
    method: 'post',
    path: '/api/billing/payment-methods/delete',
    example: { body: { id: 'pm_test_mc_4444' } },
  },
  {
    method: 'post',
    path: '/api/billing/payment-method',
    example: { body: { id: 'pm_test_mc_4444' } },
  },
  {
    method: 'post',
    path: '/api/billing/payment-methods',
    example: { body: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
  },
  {
    method: 'post',
    path: '/api/billing/credits/purchase',
    example: { body: { amount: 25, currency: 'USD' } },
  },
  {
    method: 'post',
    path: '/api/billing/credits/payment-method',
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
    http.get('/api/billing/info', () => HttpResponse.json<BillingInfo>(info)),
    http.get('/api/billing/credits/history', ({ request }) => {
      const limit = Number(new URL(request.url).searchParams.get('limit') ?? 10);
      return HttpResponse.json<CreditHistory>({ transactions: transactions.slice(0, limit) });
    }),
    http.get('/api/billing/payment-methods/list', () =>
      HttpResponse.json<PaymentMethodList>({ paymentMethods: methods }),
    ),
    http.get('/api/billing/payment-methods/check-recent', () =>
      HttpResponse.json<CheckRecentResponse>(
        methods[0] ? { hasRecent: true, paymentMethod: methods[0] } : { hasRecent: false },
      ),
    ),
    http.post('/api/billing/payment-methods/delete', () =>
      HttpResponse.json<MessageResponse>({ message: 'Card removed' }),
    ),
    http.post('/api/billing/payment-method', async ({ request }) => {
      const { id } = (await request.json()) as { id?: string };
      return HttpResponse.json<PaymentMethodList>({
        paymentMethods: methods.map((method) => ({ ...method, isDefault: method.id === id })),
      });
    }),
    http.post('/api/billing/payment-methods', () =>
      HttpResponse.json<AddPaymentMethodResponse>(
        { status: 'saved', paymentMethod: newCard },
        { status: 201 },
      ),
    ),
    http.post('/api/billing/credits/purchase', async ({ request }) => {
      const body = (await request.json()) as { amount?: unknown };
      return purchased(body.amount, info.balanceMicros);
    }),
    http.post('/api/billing/credits/payment-method', async ({ request }) => {
      const body = (await request.json()) as { amount?: unknown };
      return purchased(body.amount, info.balanceMicros);
    }),
  ];
}

const populated = handlersFor(billingInfoFixture, paymentMethodsFixture, transactionsFixture);

/** One call fails with the server's message; the other billing calls answer normally. */
const failing = (
  method: 'get' | 'post',
  path: BillingPath,
  status: number,
  message: string,
  code: string,
) => [http[method](path, () => apiError(status, message, code)), ...populated];

export const billingHandlers = {
  default: populated,
  /** A new account: no balance, no cards, no history. */
  empty: handlersFor(emptyBillingInfoFixture, [], []),
  /** A refund or dispute took back spent credit: the account owes $8.00 and is on hold. */
  onHold: handlersFor(onHoldBillingInfoFixture, paymentMethodsFixture, transactionsFixture),
  error: failAll(billingEndpoints),
  slow: slowAll(billingEndpoints),
  unauthorized: unauthorizedAll(billingEndpoints),
  infoError: failing(
    'get',
    '/api/billing/info',
    500,
    'Billing is temporarily unavailable.',
    'internal_error',
  ),
  historyError: failing(
    'get',
    '/api/billing/credits/history',
    500,
    'Credit history is temporarily unavailable.',
    'internal_error',
  ),
  paymentMethodsError: failing(
    'get',
    '/api/billing/payment-methods/list',
    500,
    'Payment methods are temporarily unavailable.',
    'internal_error',
  ),
  /** The test provider's declined card (4000 0000 0000 0002). */
  cardDeclined: [
    http.post('/api/billing/payment-methods', () =>
      apiError(402, 'Your card was declined.', 'card_declined'),
    ),
    ...populated,
  ],
  purchaseDeclined: [
    http.post('/api/billing/credits/purchase', () =>
      apiError(402, 'Your card was declined.', 'card_declined'),
    ),
    http.post('/api/billing/credits/payment-method', () =>
      apiError(402, 'Your card was declined.', 'card_declined'),
    ),
    ...populated,
  ],
  broken: [
    http.get('/api/billing/*', () => new HttpResponse('Internal Server Error', { status: 500 })),
  ],
} satisfies Scenarios<string>;
