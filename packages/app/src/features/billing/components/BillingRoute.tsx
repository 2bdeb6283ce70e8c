import { useState } from 'react';
import type { PaymentMethod, PurchaseResponse } from '@parlance/contract';
import { CREDIT_HISTORY_DEFAULT_LIMIT } from '@parlance/contract/endpoints';
import { formatUsd } from '@parlance/contract/money';
import { toast } from '@parlance/ui';
import { errorMessage, fieldErrors } from '../../../store/errors';
import {
  useAddPaymentMethodMutation,
  useDeletePaymentMethodMutation,
  useGetBillingInfoQuery,
  useGetCreditHistoryQuery,
  useGetPaymentMethodsQuery,
  usePurchaseCreditsMutation,
  usePurchaseWithPaymentMethodMutation,
  useSetDefaultPaymentMethodMutation,
  useSetSpendLimitMutation,
} from '../api/billingApi';
import { toBlock } from '../../../shared/block';
import { LOAD_FALLBACKS } from '../../../shared/messages';
import { useNow } from '../../../shared/now';
import { toOutcome } from '../../../shared/outcome';
import { BillingScreen } from './BillingScreen';

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

  const historyBlock = toBlock(history, LOAD_FALLBACKS.transactions);
  const loadingMore =
    history.isFetching && history.currentData === undefined && history.data !== undefined;
  const shown = history.currentData?.transactions ?? history.data?.transactions;

  const onBuy = async (amount: number, card: PaymentMethod) => {
    const idempotencyKey = crypto.randomUUID();
    const result = card.isDefault
      ? await purchase({ amount, idempotencyKey })
      : await purchaseWith({ amount, paymentMethodId: card.id, idempotencyKey });
    if (!result.error) return void announcePurchase(result.data);
    const amountRefused = fieldErrors(result.error)['amount'];
    if (!amountRefused) toast.destructive(errorMessage(result.error, 'The purchase failed'));
    return amountRefused;
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
      buying={purchaseState.isLoading || purchaseWithState.isLoading}
      savingLimit={spendLimitState.isLoading}
      onSaveLimit={async (monthlyLimitMicros) => {
        const result = await setSpendLimit({ monthlyLimitMicros });
        if (!result.error) {
          toast.success(
            monthlyLimitMicros === null ? 'Monthly limit removed' : 'Monthly limit saved',
          );
          return undefined;
        }
        const refused = fieldErrors(result.error)['monthlyLimitMicros'];
        if (!refused) toast.destructive(errorMessage(result.error, 'Could not save the limit'));
        return refused;
      }}
      onBuy={onBuy}
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
