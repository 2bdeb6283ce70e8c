import { useEffect, useState, type FormEvent } from 'react';
import type { BillingInfo } from '@parlance/contract';
import { formatUsd } from '@parlance/contract/money';
import { Button, Card } from '@parlance/ui';
import { limitDollars, limitMicros, MonthlyLimitField } from '../../../shared/monthlyLimit';
import { Form } from './BalanceCard.styles';
import { Figure, Figures } from '../../../shared/Figures.styles';

export interface SpendLimitCardProps {
  /** The billing info, once loaded (its loading and error are the balance card's). */
  info: BillingInfo | undefined;
  saving: boolean;
  /** Saves the limit (null: none); resolves with the server's message when it refused it. */
  onSave: (monthlyLimitMicros: number | null) => Promise<string | undefined>;
}

/**
 * What the account spent this month against its monthly spending limit, which it can change;
 * nothing until the billing info has loaded.
 */
export function SpendLimitCard({ info, saving, onSave }: SpendLimitCardProps) {
  const saved = info?.monthlyLimitMicros ?? null;
  const [dollars, setDollars] = useState(limitDollars(saved));
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => setDollars(limitDollars(saved)), [saved]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(limitMicros(dollars)).then(setError);
  };

  if (!info) return null;
  return (
    <Card
      title="Monthly spending limit"
      description="Transcription past it this calendar month (UTC) is refused. Each API key can have a lower limit of its own."
    >
      <Figures>
        <Figure>
          <dt>Spent this month</dt>
          <dd>{info.spentThisMonth}</dd>
        </Figure>
        <Figure>
          <dt>Limit</dt>
          <dd>{saved === null ? 'None' : formatUsd(saved)}</dd>
        </Figure>
      </Figures>
      <Form onSubmit={submit} aria-label="Monthly spending limit">
        <MonthlyLimitField
          value={dollars}
          onChange={(value) => {
            setDollars(value);
            setError(undefined);
          }}
          hint="Leave empty for no limit. It starts again on the 1st of each month."
          error={error}
        />
        <div>
          <Button type="submit" variant="secondary" loading={saving}>
            Save limit
          </Button>
        </div>
      </Form>
    </Card>
  );
}
