import type {
  AutoTopUpSetting,
  AddPaymentMethod,
  LowBalanceAlert,
  AddPaymentMethodResponse,
  BillingInfo,
  BillingName,
  CheckRecentResponse,
  CreditHistory,
  MessageResponse,
  MonthlyLimit,
  PaymentMethodList,
  PurchaseResponse,
  ReceiptResponse,
} from '@parlance/contract';
import {
  apiHref,
  billingEndpoints,
  billingPaths,
  CREDIT_HISTORY_DEFAULT_LIMIT,
} from '@parlance/contract/endpoints';
import { api } from '../../../store/api';
import { request } from '../../../store/request';
import { SESSION_CACHE_SECONDS } from '../../../store/sessionCache';

export const PURCHASE_CURRENCY = 'USD';

/** A purchase in dollars; the key makes a retried request answer the same result (no double charge). */
interface Purchase {
  amount: number;
  idempotencyKey: string;
}

const PAYMENT_METHODS = { type: 'PaymentMethod', id: 'LIST' } as const;
const TRANSACTIONS = { type: 'Transaction', id: 'LIST' } as const;
/** What a change made outside these calls (Stripe's webhook) makes stale. */
export { PAYMENT_METHODS as PAYMENT_METHODS_TAG, TRANSACTIONS as TRANSACTIONS_TAG };

export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBillingInfo: build.query<BillingInfo, void>({
      query: () => request(billingEndpoints.info),
      providesTags: ['Billing'],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
    getCreditHistory: build.query<CreditHistory, number | void>({
      query: (limit) =>
        request(billingEndpoints.creditHistory, {
          query: { limit: limit || CREDIT_HISTORY_DEFAULT_LIMIT },
        }),
      providesTags: [TRANSACTIONS],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
    getPaymentMethods: build.query<PaymentMethodList, void>({
      query: () => request(billingEndpoints.paymentMethodList),
      providesTags: (result) => [
        PAYMENT_METHODS,
        ...(result?.paymentMethods ?? []).map(({ id }) => ({ type: 'PaymentMethod' as const, id })),
      ],
      keepUnusedDataFor: SESSION_CACHE_SECONDS,
    }),
    /** One purchase's receipt, with how its payment stands. */
    getReceipt: build.query<ReceiptResponse, string>({
      query: (paymentId) => request(billingEndpoints.receipt, { params: { id: paymentId } }),
    }),
    /** Sets the name receipts are made out to (null: the account's); answers the billing info. */
    setBillingName: build.mutation<BillingInfo, BillingName>({
      query: (body) => request(billingEndpoints.billingName, { body }),
      invalidatesTags: ['Billing'],
    }),
    checkRecentPaymentMethod: build.query<CheckRecentResponse, string | void>({
      query: (since) =>
        request(billingEndpoints.checkRecentPaymentMethod, {
          query: since ? { since } : undefined,
        }),
    }),
    deletePaymentMethod: build.mutation<MessageResponse, string>({
      query: (id) => request(billingEndpoints.deletePaymentMethod, { body: { id } }),
      invalidatesTags: [PAYMENT_METHODS, 'Billing'],
    }),
    setDefaultPaymentMethod: build.mutation<PaymentMethodList, string>({
      query: (id) => request(billingEndpoints.defaultPaymentMethod, { body: { id } }),
      invalidatesTags: [PAYMENT_METHODS, 'Billing'],
    }),
    addPaymentMethod: build.mutation<AddPaymentMethodResponse, AddPaymentMethod>({
      query: (card) => request(billingEndpoints.addPaymentMethod, { body: card }),
      invalidatesTags: [PAYMENT_METHODS, 'Billing'],
    }),
    /** Sets (null: removes) the account's monthly spending limit; answers the billing info. */
    setSpendLimit: build.mutation<BillingInfo, MonthlyLimit>({
      query: (limit) => request(billingEndpoints.spendLimit, { body: limit }),
      invalidatesTags: ['Billing'],
    }),
    /** Turns auto top-up on (threshold and amount) or off (null); answers the billing info. */
    setAutoTopUp: build.mutation<BillingInfo, AutoTopUpSetting>({
      query: (setting) => request(billingEndpoints.autoTopUp, { body: setting }),
      invalidatesTags: ['Billing'],
    }),
    /** Sets (null: removes) the low-balance e-mail's threshold; answers the billing info. */
    setLowBalanceAlert: build.mutation<BillingInfo, LowBalanceAlert>({
      query: (alert) => request(billingEndpoints.lowBalanceAlert, { body: alert }),
      invalidatesTags: ['Billing'],
    }),
    /** Buys credits with the default payment method. */
    purchaseCredits: build.mutation<PurchaseResponse, Purchase>({
      query: ({ amount, idempotencyKey }) => ({
        ...request(billingEndpoints.purchaseCredits, {
          body: { amount, currency: PURCHASE_CURRENCY },
        }),
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Billing', TRANSACTIONS],
    }),
    /** Buys credits with a chosen saved payment method. */
    purchaseWithPaymentMethod: build.mutation<
      PurchaseResponse,
      Purchase & { paymentMethodId: string }
    >({
      query: ({ amount, paymentMethodId, idempotencyKey }) => ({
        ...request(billingEndpoints.purchaseWithPaymentMethod, {
          body: { amount, paymentMethodId },
        }),
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: ['Billing', TRANSACTIONS],
    }),
  }),
});

export const {
  useGetBillingInfoQuery,
  useGetReceiptQuery,
  useLazyGetReceiptQuery,
  useSetBillingNameMutation,
  useGetCreditHistoryQuery,
  useGetPaymentMethodsQuery,
  useLazyCheckRecentPaymentMethodQuery,
  useDeletePaymentMethodMutation,
  useSetDefaultPaymentMethodMutation,
  useAddPaymentMethodMutation,
  useSetSpendLimitMutation,
  useSetAutoTopUpMutation,
  useSetLowBalanceAlertMutation,
  usePurchaseCreditsMutation,
  usePurchaseWithPaymentMethodMutation,
} = billingApi;

/** A paid purchase's receipt as a PDF (a download the browser fetches with the session). */
export const receiptPdfHref = (paymentId: string) =>
  apiHref(billingPaths.receiptPdf, { id: paymentId });
