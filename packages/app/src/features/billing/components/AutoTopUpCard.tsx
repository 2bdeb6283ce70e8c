import { useEffect, useState, type FormEvent } from 'react';
import type { AutoTopUp, BillingInfo } from '@parlance/contract';
import { AUTO_TOP_UP_INTERVAL_MINUTES } from '@parlance/contract/endpoints';
import { formatUsd } from '@parlance/contract/money';
import { Alert, Button, Card } from '@parlance/ui';
import { Figure, Figures } from '../../../shared/Figures.styles';
import { DollarsField, limitDollars, limitMicros } from '../../../shared/monthlyLimit';
import { Form } from './BalanceCard.styles';
import { Buttons, Fields } from './AutoTopUpCard.styles';

/** What the server refused, by field (`autoTopUp.thresholdMicros`, …), or for the whole form. */
export type AutoTopUpRefusal = { field: 'threshold' | 'amount' | 'form'; message: string };

export interface AutoTopUpCardProps {
  /** The billing info, once loaded (its loading and error are the balance card's). */
  info: BillingInfo | undefined;
  saving: boolean;
  /** Saves the setting (null: off); resolves with the server's refusal, if any. */
  onSave: (setting: AutoTopUp | null) => Promise<AutoTopUpRefusal | undefined>;
}

/** Dollars typed, in whole cents as micro-dollars; nothing typed is $0 (which the server refuses). */
const microsOf = (dollars: string) => limitMicros(dollars) ?? 0;

/**
 * Auto top-up: when the balance falls below a threshold, the default card is charged an amount.
 * Off by default; says why when it turned itself off.
 */
export function AutoTopUpCard({ info, saving, onSave }: AutoTopUpCardProps) {
  const saved = info?.autoTopUp ?? null;
  const [threshold, setThreshold] = useState(limitDollars(saved?.thresholdMicros ?? 10_000_000));
  const [amount, setAmount] = useState(limitDollars(saved?.amountMicros ?? 50_000_000));
  const [refusal, setRefusal] = useState<AutoTopUpRefusal | undefined>(undefined);
  useEffect(() => {
    if (!saved) return;
    setThreshold(limitDollars(saved.thresholdMicros));
    setAmount(limitDollars(saved.amountMicros));
  }, [saved]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave({ thresholdMicros: microsOf(threshold), amountMicros: microsOf(amount) }).then(
      setRefusal,
    );
  };

  if (!info) return null;
  return (
    <Card
      title="Auto top-up"
      description={`When your balance falls below the threshold, your default card is charged the amount, at most once every ${AUTO_TOP_UP_INTERVAL_MINUTES} minutes. A charge that fails turns auto top-up off and e-mails you.`}
    >
      {info.autoTopUpFailure && (
        <Alert variant="warning" title="Auto top-up turned itself off">
          Its last charge failed: {info.autoTopUpFailure}
        </Alert>
      )}
      <Figures>
        <Figure>
          <dt>Auto top-up</dt>
          <dd>
            {saved
              ? `${formatUsd(saved.amountMicros)} when below ${formatUsd(saved.thresholdMicros)}`
              : 'Off'}
          </dd>
        </Figure>
      </Figures>
      <Form onSubmit={submit} aria-label="Auto top-up">
        <Fields>
          <DollarsField
            label="When the balance falls below (USD)"
            value={threshold}
            onChange={(dollars) => {
              setThreshold(dollars);
              setRefusal(undefined);
            }}
            error={refusal?.field === 'threshold' ? refusal.message : undefined}
          />
          <DollarsField
            label="Charge my default card (USD)"
            value={amount}
            onChange={(dollars) => {
              setAmount(dollars);
              setRefusal(undefined);
            }}
            error={refusal?.field === 'amount' ? refusal.message : undefined}
          />
        </Fields>
        {refusal?.field === 'form' && <Alert variant="danger">{refusal.message}</Alert>}
        <Buttons>
          <Button type="submit" variant="secondary" loading={saving}>
            {saved ? 'Save auto top-up' : 'Turn on auto top-up'}
          </Button>
          {saved && (
            <Button
              variant="secondary"
              disabled={saving}
              onClick={() => void onSave(null).then(setRefusal)}
            >
              Turn off
            </Button>
          )}
        </Buttons>
      </Form>
    </Card>
  );
}
