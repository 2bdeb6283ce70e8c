import { useState } from 'react';
import type { ModelRate } from '@parlance/contract';
import { formatUsd, formatUsdPerMinute } from '@parlance/contract/money';
import { Card, Select, TextField } from '@parlance/ui';
import { estimateCostMicros } from './estimate';
import { CalculatorFields, CalculatorResult } from './PricingScreen.styles';

export interface RateCalculatorProps {
  rates: readonly ModelRate[];
  initialMinutes?: number;
}

/** Minutes of audio × the chosen model's rate. */
export function RateCalculator({ rates, initialMinutes = 600 }: RateCalculatorProps) {
  const [minutes, setMinutes] = useState(String(initialMinutes));
  const [model, setModel] = useState(rates[0]?.model ?? '');
  const rate = rates.find((r) => r.model === model) ?? rates[0];
  const amount = Number(minutes);
  const cost = rate ? estimateCostMicros(amount, rate.microsPerHour) : 0;

  return (
    <Card
      title="Estimate your cost"
      description="Minutes of audio per month × the model’s rate."
      headingLevel={2}
    >
      <CalculatorFields>
        <TextField
          label="Minutes of audio"
          name="minutes"
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
        />
        <Select
          label="Model"
          name="model"
          value={rate?.model ?? ''}
          options={rates.map((r) => ({
            value: r.model,
            label: `${r.model} — ${formatUsdPerMinute(r.microsPerHour)}/min`,
          }))}
          onChange={(event) => setModel(event.target.value)}
        />
      </CalculatorFields>
      <CalculatorResult aria-live="polite">
        <span>Estimated cost</span>
        <strong data-testid="estimate">{formatUsd(cost)}</strong>
        <span>
          {Number.isFinite(amount) && amount > 0 ? amount.toLocaleString('en-US') : 0} min with{' '}
          {rate?.model ?? '—'}
        </span>
      </CalculatorResult>
    </Card>
  );
}
