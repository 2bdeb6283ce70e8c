import { useEffect, useState, type FormEvent } from 'react';
import type { BillingInfo } from '@parlance/contract';
import { formatUsd } from '@parlance/contract/money';
import { Button, Card, TextField } from '@parlance/ui';
import { limitDollars, limitMicros } from '../../../shared/monthlyLimit';
import { Form } from './BalanceCard.styles';

export interface LowBalanceAlertCardProps {
  /** The billing info, once loaded (its loading and error are the balance card's). */
  info: BillingInfo | undefined;
  saving: boolean;
  /** Saves the alert (null: none); resolves with the server's message when it refused it. */
  onSave: (lowBalanceAlertMicros: number | null) => Promise<string | undefined>;
}

/** The balance under which the owner is e-mailed; nothing until the billing info has loaded. */
export function LowBalanceAlertCard({ info, saving, onSave }: LowBalanceAlertCardProps) {
  const saved = info?.lowBalanceAlertMicros ?? null;
  const [dollars, setDollars] = useState(limitDollars(saved));
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => setDollars(limitDollars(saved)), [saved]);

  if (!info) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(limitMicros(dollars)).then(setError);
  };
  return (
    <Card
      title="Low-balance e-mail"
      description={
        saved === null
          ? 'Get an e-mail when your balance falls below an amount you choose.'
          : `You get an e-mail when your balance falls below ${formatUsd(saved)}, once each time.`
      }
    >
      <Form onSubmit={submit} aria-label="Low-balance e-mail">
        <TextField
          label="E-mail me below (USD)"
          type="number"
          inputMode="decimal"
          step="0.01"
          value={dollars}
          onChange={(event) => {
            setDollars(event.target.value);
            setError(undefined);
          }}
          hint="Leave empty for no e-mail."
          error={error}
        />
        <div>
          <Button type="submit" variant="secondary" loading={saving}>
            Save alert
          </Button>
        </div>
      </Form>
    </Card>
  );
}
