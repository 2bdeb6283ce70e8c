import { useState } from 'react';
import type { PaymentMethod, PurchaseResponse, Receipt } from '@parlance/contract';
import { CREDIT_HISTORY_DEFAULT_LIMIT } from '@parlance/contract/endpoints';
import { formatUsd } from '@parlance/contract/money';
import { toast } from '@parlance/ui';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage, fieldErrors } from '../../../store/errors';
import {
  billingApi,
  PAYMENT_METHODS_TAG,
  TRANSACTIONS_TAG,
  useAddPaymentMethodMutation,
  useDeletePaymentMethodMutation,
  useGetBillingInfoQuery,
  useGetCreditHistoryQuery,
  useGetPaymentMethodsQuery,
  useLazyCheckRecentPaymentMethodQuery,
  useLazyGetReceiptQuery,
  usePurchaseCreditsMutation,
  usePurchaseWithPaymentMethodMutation,
  useSetDefaultPaymentMethodMutation,
  useSetSpendLimitMutation,
  useSetAutoTopUpMutation,
  useSetLowBalanceAlertMutation,
  useSetBillingNameMutation,
} from '../api/billingApi';
import { toBlock } from '../../../shared/block';
import { LOAD_FALLBACKS } from '../../../shared/messages';
import { useNow } from '../../../shared/now';
import { toOutcome } from '../../../shared/outcome';
import { useAppDispatch } from '../../../store/hooks';
import { STRIPE_UNAVAILABLE, stripeFor } from '../stripe/loadStripeJs';
import type { PurchaseRefusal } from './BalanceCard';
import { BillingScreen } from './BillingScreen';
import { stripeMessage } from './StripeCardModal';

/** How long the page waits for Stripe's webhook to reach the server after Stripe.js confirmed. */
const WEBHOOK_WAIT_MS = 30_000;
const WEBHOOK_POLL_MS = 1_000;

/** Asks `done` every second until it answers true or the wait is over; answers whether it did. */
async function waitUntil(done: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + WEBHOOK_WAIT_MS;
  for (;;) {
    if (await done()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, WEBHOOK_POLL_MS));
  }
}

/** The toast of a purchase: the server's outcome in words. */
function announcePurchase(result: PurchaseResponse) {
  if (result.status === 'succeeded') {
    toast.success(
      `${formatUsd(result.amountMicros)} added. Your balance is now ${result.balance}; the receipt is in your credit history.`,
    );
  } else if (result.status === 'requires_payment_method') toast.destructive(result.message);
  else
    toast.warning(
      'Your bank asks you to confirm this payment. Credits are added once it is confirmed.',
    );
}

/**
 * A billing setting's save, answered: a toast when saved; the server's refusal of the setting's
 * field goes back to be said at the field, any other failure to a toast.
 */
function savedOrRefused(
  result: { error?: FetchBaseQueryError | SerializedError },
  field: string,
  saved: string,
  failed: string,
): string | undefined {
  if (!result.error) {
    toast.success(saved);
    return undefined;
  }
  const refused = fieldErrors(result.error)[field];
  if (!refused) toast.destructive(errorMessage(result.error, failed));
  return refused;
}

export function BillingRoute() {
  const now = useNow();
  const [limit, setLimit] = useState(CREDIT_HISTORY_DEFAULT_LIMIT);
  const info = useGetBillingInfoQuery();
  const methods = useGetPaymentMethodsQuery();
  const history = useGetCreditHistoryQuery(limit);
  const [purchase, purchaseState] = usePurchaseCreditsMutation();
  const [purchaseWith, purchaseWithState] = usePurchaseWithPaymentMethodMutation();
  const [addCard, addState] = useAddPaymentMethodMutation();
  const [setDefault] = useSetDefaultPaymentMethodMutation();
  const [deleteCard] = useDeletePaymentMethodMutation();
  const [busyCardId, setBusyCardId] = useState<string | null>(null);
  const [setSpendLimit, spendLimitState] = useSetSpendLimitMutation();
  const [setAutoTopUp, autoTopUpState] = useSetAutoTopUpMutation();
  const [setAlert, alertState] = useSetLowBalanceAlertMutation();
  const [setBillingName, billingNameState] = useSetBillingNameMutation();
  const [checkRecent] = useLazyCheckRecentPaymentMethodQuery();
  const [fetchReceipt] = useLazyGetReceiptQuery();
  // A purchase stays under way while the bank's challenge runs and Stripe's answer is awaited.
  const [confirming, setConfirming] = useState(false);
  const dispatch = useAppDispatch();
  const payments = info.data;
  // The same promise on every render: Stripe.js loads once per publishable key.
  const stripe = payments ? stripeFor(payments) : null;

  const historyBlock = toBlock(history, LOAD_FALLBACKS.transactions);
  const loadingMore =
    history.isFetching && history.currentData === undefined && history.data !== undefined;
  const shown = history.currentData?.transactions ?? history.data?.transactions;

  /**
   * A purchase the bank must confirm (3-D Secure), finished with Stripe.js on this page; then the
   * payment itself is watched until Stripe has told the server how it ended.
   */
  const confirmWithStripe = async ({
    paymentId,
    clientSecret,
  }: {
    paymentId: string;
    clientSecret: string;
  }): Promise<PurchaseRefusal | undefined> => {
    const loaded = stripe ? await stripe : null;
    if (!loaded) return { field: 'card', message: STRIPE_UNAVAILABLE };
    const { error } = await loaded.handleNextAction({ clientSecret });
    if (error) return { field: 'card', message: stripeMessage(error) };
    let receipt: Receipt | undefined;
    await waitUntil(async () => {
      receipt = (
        await fetchReceipt(paymentId)
          .unwrap()
          .catch(() => null)
      )?.receipt;
      return receipt?.status === 'succeeded' || receipt?.status === 'failed';
    });
    dispatch(billingApi.util.invalidateTags(['Billing', TRANSACTIONS_TAG]));
    if (receipt?.status === 'failed') return { field: 'card', message: 'The payment failed.' };
    if (receipt?.status === 'succeeded')
      toast.success(`${receipt.amount} added. The receipt is in your credit history.`);
    else
      toast.warning(
        'Your bank confirmed the payment. The credit appears here as soon as Stripe tells us.',
      );
    return undefined;
  };

  const onBuy = async (
    amount: number,
    card: PaymentMethod,
  ): Promise<PurchaseRefusal | undefined> => {
    const idempotencyKey = crypto.randomUUID();
    const result = card.isDefault
      ? await purchase({ amount, idempotencyKey })
      : await purchaseWith({ amount, paymentMethodId: card.id, idempotencyKey });
    if (!result.error && result.data.status === 'requires_action') {
      setConfirming(true);
      try {
        return await confirmWithStripe(result.data);
      } finally {
        setConfirming(false);
      }
    }
    if (!result.error) return void announcePurchase(result.data);
    const amountRefused = fieldErrors(result.error)['amount'];
    if (amountRefused) return { field: 'amount', message: amountRefused };
    // 402: the card's bank (or the provider) refused the payment: said at the card paid with.
    if ('status' in result.error && result.error.status === 402)
      return { field: 'card', message: errorMessage(result.error, 'The payment failed') };
    toast.destructive(errorMessage(result.error, 'The purchase failed'));
    return undefined;
  };

  const withBusyCard = async <T,>(card: PaymentMethod, action: () => Promise<T>) => {
    setBusyCardId(card.id);
    try {
      return await action();
    } finally {
      setBusyCardId(null);
    }
  };

  const onSetDefault = (card: PaymentMethod) =>
    void withBusyCard(card, async () => {
      const result = await setDefault(card.id);
      if (result.error)
        toast.destructive(errorMessage(result.error, 'Could not change the default card'));
    });

  return (
    <BillingScreen
      now={now}
      info={toBlock(info, LOAD_FALLBACKS.billing)}
      methods={{
        ...toBlock(methods, LOAD_FALLBACKS.paymentMethods),
        data: methods.currentData?.paymentMethods,
      }}
      transactions={{ ...historyBlock, loading: historyBlock.loading && !loadingMore, data: shown }}
      canShowMore={loadingMore || (shown?.length ?? 0) >= limit}
      loadingMore={loadingMore}
      onShowMore={() => setLimit((current) => current + CREDIT_HISTORY_DEFAULT_LIMIT)}
      buying={purchaseState.isLoading || purchaseWithState.isLoading || confirming}
      savingAlert={alertState.isLoading}
      onSaveAlert={async (lowBalanceAlertMicros) =>
        savedOrRefused(
          await setAlert({ lowBalanceAlertMicros }),
          'lowBalanceAlertMicros',
          lowBalanceAlertMicros === null ? 'Alert removed' : 'Alert saved',
          'Could not save the alert',
        )
      }
      savingAutoTopUp={autoTopUpState.isLoading}
      onSaveAutoTopUp={async (autoTopUp) => {
        const result = await setAutoTopUp({ autoTopUp });
        if (!result.error) {
          toast.success(autoTopUp ? 'Auto top-up is on' : 'Auto top-up is off');
          return undefined;
        }
        const refused = fieldErrors(result.error);
        const threshold = refused['autoTopUp.thresholdMicros'];
        const amount = refused['autoTopUp.amountMicros'];
        if (threshold) return { field: 'threshold', message: threshold };
        if (amount) return { field: 'amount', message: amount };
        return { field: 'form', message: errorMessage(result.error, 'Could not save auto top-up') };
      }}
      savingLimit={spendLimitState.isLoading}
      onSaveLimit={async (monthlyLimitMicros) =>
        savedOrRefused(
          await setSpendLimit({ monthlyLimitMicros }),
          'monthlyLimitMicros',
          monthlyLimitMicros === null ? 'Monthly limit removed' : 'Monthly limit saved',
          'Could not save the limit',
        )
      }
      savingBillingName={billingNameState.isLoading}
      onSaveBillingName={async (billingName) =>
        savedOrRefused(
          await setBillingName({ billingName }),
          'billingName',
          'Name on receipts saved',
          'Could not save the name',
        )
      }
      onBuy={onBuy}
      stripe={stripe}
      onStartCardSetup={async () => {
        const result = await addCard({});
        if (result.error)
          return { ok: false, message: errorMessage(result.error, 'Could not add the card') };
        const { data } = result;
        return data.status === 'requires_action'
          ? { ok: true, value: { clientSecret: data.clientSecret, startedAt: data.startedAt } }
          : { ok: false, message: 'The server saved a card without Stripe.' };
      }}
      onCardConfirmed={async (since) => {
        const saved = await waitUntil(async () => {
          const recent = await checkRecent(since)
            .unwrap()
            .catch(() => null);
          return recent?.hasRecent ?? false;
        });
        dispatch(billingApi.util.invalidateTags(['Billing', PAYMENT_METHODS_TAG]));
        if (!saved)
          return {
            ok: false,
            message:
              'Stripe accepted the card, but this server has not heard from Stripe yet. The card appears here once it has.',
          };
        toast.success('Card saved');
        return { ok: true, value: undefined };
      }}
      adding={addState.isLoading}
      onAddCard={async (card) => {
        const outcome = toOutcome(await addCard(card), 'Could not add the card', () => undefined);
        if (outcome.ok) toast.success('Card saved');
        return outcome;
      }}
      busyCardId={busyCardId}
      onSetDefault={onSetDefault}
      onDeleteCard={(card) =>
        withBusyCard(card, async () =>
          toOutcome(await deleteCard(card.id), 'Could not remove the card', () => undefined),
        )
      }
    />
  );
}

export { BillingRoute as Component };
