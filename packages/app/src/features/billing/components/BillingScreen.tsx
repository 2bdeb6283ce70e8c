import { useState } from 'react';
import type {
  AddPaymentMethod,
  BillingInfo,
  CreditTransaction,
  PaymentMethod,
  Receipt,
} from '@parlance/contract';
import { ConfirmDialog } from '@parlance/ui';
import type { Block } from '../../../shared/block';
import type { Outcome } from '../../../shared/outcome';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { useConfirmedAction } from '../../../shared/useConfirmedAction';
import { AddCardModal } from './AddCardModal';
import { BalanceCard } from './BalanceCard';
import { cardLabel } from '../utils/cardDisplay';
import { CreditHistoryCard } from './CreditHistoryCard';
import { PaymentMethodsCard } from './PaymentMethodsCard';
import { ReceiptModal } from './ReceiptModal';
import { SpendLimitCard } from './SpendLimitCard';
import { Columns } from './BillingScreen.styles';

export interface BillingScreenProps {
  info: Block<BillingInfo>;
  methods: Block<PaymentMethod[]>;
  transactions: Block<CreditTransaction[]>;
  canShowMore: boolean;
  loadingMore: boolean;
  onShowMore: () => void;
  buying: boolean;
  /** Buys; resolves with the server's message for the amount when it refused it. */
  onBuy: (amount: number, card: PaymentMethod) => Promise<string | undefined>;
  savingLimit: boolean;
  /** Saves the monthly spending limit (null: none); resolves with the server's refusal, if any. */
  onSaveLimit: (monthlyLimitMicros: number | null) => Promise<string | undefined>;
  adding: boolean;
  onAddCard: (card: AddPaymentMethod) => Promise<Outcome>;
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
  const [receipt, setReceipt] = useState<Receipt | null>(null);
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
      <SpendLimitCard
        info={props.info.data}
        saving={props.savingLimit}
        onSave={props.onSaveLimit}
      />
      <CreditHistoryCard
        transactions={props.transactions}
        canShowMore={props.canShowMore}
        loadingMore={props.loadingMore}
        onShowMore={props.onShowMore}
        onShowReceipt={(transaction) => setReceipt(transaction.receipt)}
        now={props.now}
      />
      <AddCardModal
        open={addingCard}
        testMode={props.info.data?.paymentProvider === 'test'}
        adding={props.adding}
        onAdd={props.onAddCard}
        onClose={() => setAddingCard(false)}
      />
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
      <ReceiptModal receipt={receipt} onClose={() => setReceipt(null)} />
    </Stack>
  );
}
