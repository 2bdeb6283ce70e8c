import { useState } from 'react';
import type {
  AddPaymentMethod,
  BillingInfo,
  CreditTransaction,
  PaymentMethod,
} from '@parlance/contract';
import type { Stripe } from '@stripe/stripe-js';
import { ConfirmDialog } from '@parlance/ui';
import type { Block } from '../../../shared/block';
import type { Outcome } from '../../../shared/outcome';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { useConfirmedAction } from '../../../shared/useConfirmedAction';
import { AddCardModal } from './AddCardModal';
import { BalanceCard, type BalanceCardProps } from './BalanceCard';
import { cardLabel } from '../utils/cardDisplay';
import { CreditHistoryCard } from './CreditHistoryCard';
import { PaymentMethodsCard } from './PaymentMethodsCard';
import { SpendLimitCard, type SpendLimitCardProps } from './SpendLimitCard';
import { BillingNameCard, type BillingNameCardProps } from './BillingNameCard';
import { AutoTopUpCard, type AutoTopUpCardProps } from './AutoTopUpCard';
import { LowBalanceAlertCard, type LowBalanceAlertCardProps } from './LowBalanceAlertCard';
import { StripeCardModal, type StripeCardModalProps } from './StripeCardModal';
import { Columns } from './BillingScreen.styles';

export interface BillingScreenProps {
  info: Block<BillingInfo>;
  methods: Block<PaymentMethod[]>;
  transactions: Block<CreditTransaction[]>;
  canShowMore: boolean;
  loadingMore: boolean;
  onShowMore: () => void;
  buying: boolean;
  /** Buys; resolves with why it did not, for the field concerned (the amount, or the card). */
  onBuy: BalanceCardProps['onBuy'];
  savingAlert: boolean;
  onSaveAlert: LowBalanceAlertCardProps['onSave'];
  savingAutoTopUp: boolean;
  onSaveAutoTopUp: AutoTopUpCardProps['onSave'];
  savingLimit: boolean;
  onSaveLimit: SpendLimitCardProps['onSave'];
  savingBillingName: boolean;
  onSaveBillingName: BillingNameCardProps['onSave'];
  adding: boolean;
  /** Adds a card with the test provider (card fields go to the server). */
  onAddCard: (card: AddPaymentMethod) => Promise<Outcome>;
  /** Stripe.js, when payments go through Stripe: cards are added with it instead. */
  stripe: Promise<Stripe | null> | null;
  onStartCardSetup: StripeCardModalProps['onStartSetup'];
  onCardConfirmed: StripeCardModalProps['onConfirmed'];
  /** The card whose action (set default, delete) is running. */
  busyCardId: string | null;
  onSetDefault: (card: PaymentMethod) => void;
  onDeleteCard: (card: PaymentMethod) => Promise<Outcome>;
  now: Date;
}

/** Balance and buying credits, saved cards, and the credit history. */
export function BillingScreen(props: BillingScreenProps) {
  const [addingCard, setAddingCard] = useState(false);
  const removal = useConfirmedAction(props.onDeleteCard);
  const cards = props.methods.data ?? [];

  return (
    <Stack>
      <PageHeader description="Prepaid credit in US dollars. You only pay for audio you transcribe." />
      <Columns>
        <BalanceCard
          info={props.info}
          cards={cards}
          buying={props.buying}
          onBuy={props.onBuy}
          onAddCard={() => setAddingCard(true)}
        />
        <PaymentMethodsCard
          methods={props.methods}
          busyId={props.busyCardId}
          onAddCard={() => setAddingCard(true)}
          onSetDefault={props.onSetDefault}
          onDelete={removal.ask}
        />
      </Columns>
      <Columns>
        <AutoTopUpCard
          info={props.info.data}
          saving={props.savingAutoTopUp}
          onSave={props.onSaveAutoTopUp}
        />
        <LowBalanceAlertCard
          info={props.info.data}
          saving={props.savingAlert}
          onSave={props.onSaveAlert}
        />
      </Columns>
      <Columns>
        <SpendLimitCard
          info={props.info.data}
          saving={props.savingLimit}
          onSave={props.onSaveLimit}
        />
        <BillingNameCard
          info={props.info.data}
          saving={props.savingBillingName}
          onSave={props.onSaveBillingName}
        />
      </Columns>
      <CreditHistoryCard
        transactions={props.transactions}
        canShowMore={props.canShowMore}
        loadingMore={props.loadingMore}
        onShowMore={props.onShowMore}
        now={props.now}
      />
      {props.stripe ? (
        <StripeCardModal
          open={addingCard}
          stripe={props.stripe}
          testMode={props.info.data?.stripePublishableKey?.startsWith('pk_test_') ?? false}
          onStartSetup={props.onStartCardSetup}
          onConfirmed={props.onCardConfirmed}
          onClose={() => setAddingCard(false)}
        />
      ) : (
        <AddCardModal
          open={addingCard}
          testMode={props.info.data?.paymentProvider === 'test'}
          adding={props.adding}
          onAdd={props.onAddCard}
          onClose={() => setAddingCard(false)}
        />
      )}
      <ConfirmDialog
        open={removal.target !== null}
        title="Remove this card?"
        message={
          removal.error ??
          `${removal.target ? cardLabel(removal.target) : 'The card'} will no longer be available for purchases.`
        }
        confirmLabel="Remove card"
        variant="danger"
        busy={props.busyCardId !== null && props.busyCardId === removal.target?.id}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      />
    </Stack>
  );
}
