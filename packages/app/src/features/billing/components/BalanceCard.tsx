import { useState, type FormEvent } from 'react';
import type { BillingInfo, PaymentMethod } from '@parlance/contract';
import { MAX_PURCHASE_DOLLARS, MIN_PURCHASE_DOLLARS } from '@parlance/contract/endpoints';
import { formatUsd, MICROS_PER_USD } from '@parlance/contract/money';
import { Button, Card, SegmentedControl, Select, Skeleton, TextField } from '@parlance/ui';
import type { Block } from '../../../shared/block';
import { BlockError } from '../../../shared/BlockError';
import { cardLabel } from '../utils/cardDisplay';
import { Balance, Form, Note, OnHold, Presets, Row } from './BalanceCard.styles';

/** The preset purchase amounts, in dollars. */
export const PURCHASE_PRESETS = [10, 25, 50, 100] as const;
const CUSTOM = 'custom';
/** What the server takes, said before it is asked (its message still comes at the field). */
const PURCHASE_RANGE = `From ${formatUsd(MIN_PURCHASE_DOLLARS * MICROS_PER_USD)} to ${formatUsd(MAX_PURCHASE_DOLLARS * MICROS_PER_USD)}`;

export interface BalanceCardProps {
  info: Block<BillingInfo>;
  /** Saved cards (the default one first is preselected). */
  cards: readonly PaymentMethod[];
  buying: boolean;
  /** Buys; resolves with the server's message for the amount when it refused it (shown at the field). */
  onBuy: (amount: number, card: PaymentMethod) => Promise<PurchaseRefusal | undefined>;
  onAddCard: () => void;
}

/** The credit balance and the buy-credits form: a preset or custom amount, paid with a saved card. */
/** Why a purchase did not go through, said at the field it concerns. */
export interface PurchaseRefusal {
  field: 'amount' | 'card';
  message: string;
}

export function BalanceCard({ info, cards, buying, onBuy, onAddCard }: BalanceCardProps) {
  const [choice, setChoice] = useState<string>('25');
  const [custom, setCustom] = useState('');
  const [refusal, setRefusal] = useState<PurchaseRefusal | undefined>(undefined);
  const defaultCard = cards.find((card) => card.isDefault) ?? cards[0];
  const [cardId, setCardId] = useState<string | undefined>(undefined);
  const card = cards.find((candidate) => candidate.id === cardId) ?? defaultCard;
  const amount = choice === CUSTOM ? Number(custom) : Number(choice);
  // The server validates the amount (spec: no client-side validation; its message is shown).
  const validAmount = Number.isFinite(amount) && amount > 0;
  // Shown to the whole cent, as the server charges it; an amount too large to show exactly
  // keeps the plain label (the server's message says what is wrong with it).
  const amountMicros = Math.round(amount * 100) * (MICROS_PER_USD / 100);
  const amountLabel =
    validAmount && Number.isSafeInteger(amountMicros)
      ? formatUsd(amountMicros, { wholeDollars: 'short' })
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (card && validAmount) void onBuy(amount, card).then(setRefusal);
  };

  return (
    <Card
      title="Credit balance"
      description="Transcriptions are paid from your balance, per second of audio."
    >
      {info.error ? (
        <BlockError block={info} />
      ) : info.loading || !info.data ? (
        <Skeleton width="180px" height="52px" />
      ) : (
        <>
          {info.data.owedMicros > 0 && (
            <OnHold variant="warning" title="Account on hold">
              A payment was refunded or disputed after its credit was spent, so {info.data.owed} is
              owed. New transcriptions are paused until you add credit: the next purchase settles
              what is owed first.
            </OnHold>
          )}
          <Balance>
            <dt>Current balance</dt>
            <dd>{info.data.balance}</dd>
          </Balance>
        </>
      )}
      <Form onSubmit={submit} aria-label="Buy credits">
        <Presets>
          <SegmentedControl
            aria-label="Amount"
            options={[
              ...PURCHASE_PRESETS.map((preset) => ({
                value: String(preset),
                label: formatUsd(preset * MICROS_PER_USD, { wholeDollars: 'short' }),
              })),
              { value: CUSTOM, label: 'Custom' },
            ]}
            value={choice}
            onChange={(next) => {
              setChoice(next);
              setRefusal(undefined);
            }}
          />
        </Presets>
        {choice === CUSTOM && (
          <TextField
            label="Custom amount (USD)"
            type="number"
            inputMode="decimal"
            step="0.01"
            value={custom}
            onChange={(event) => {
              setCustom(event.target.value);
              setRefusal(undefined);
            }}
            hint={PURCHASE_RANGE}
            error={refusal?.field === 'amount' ? refusal.message : undefined}
          />
        )}
        {card ? (
          <Row>
            <Select
              label="Pay with"
              options={cards.map((saved) => ({
                value: saved.id,
                label: `${cardLabel(saved)}${saved.isDefault ? ' (default)' : ''}`,
              }))}
              value={card.id}
              onChange={(event) => {
                setCardId(event.target.value);
                setRefusal(undefined);
              }}
              error={refusal?.field === 'card' ? refusal.message : undefined}
            />
            <Button variant="secondary" onClick={onAddCard}>
              Add a card
            </Button>
          </Row>
        ) : (
          <Row>
            <Note>
              Add a card to buy credits. Cards are stored by our payment provider, never on our
              servers.
            </Note>
            <Button variant="secondary" onClick={onAddCard}>
              Add a card
            </Button>
          </Row>
        )}
        <div>
          <Button type="submit" loading={buying} disabled={!card || !validAmount}>
            {amountLabel ? `Buy ${amountLabel} of credits` : 'Buy credits'}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
