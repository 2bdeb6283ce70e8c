import { formatUsd } from '@parlance/contract/money';
import { Card } from '@parlance/ui';
import { limitDollars, limitMicros, DollarsField } from '../../../shared/monthlyLimit';
import { Figure, Figures } from '../../../shared/Figures.styles';
import { SettingForm, type SettingCardProps } from './SettingForm';

/** The limit in micro-dollars; null: none. */
export type SpendLimitCardProps = SettingCardProps<number | null>;

/**
 * What the account spent this month against its monthly spending limit, which it can change;
 * nothing until the billing info has loaded.
 */
export function SpendLimitCard({ info, saving, onSave }: SpendLimitCardProps) {
  if (!info) return null;
  const saved = info.monthlyLimitMicros;
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
      <SettingForm
        label="Monthly spending limit"
        saved={limitDollars(saved)}
        saving={saving}
        submitLabel="Save limit"
        onSave={(dollars) => onSave(limitMicros(dollars))}
        field={({ value, onChange, error }) => (
          <DollarsField
            label="Limit (USD)"
            value={value}
            onChange={onChange}
            hint="Leave empty for no limit. It starts again on the 1st of each month."
            error={error}
          />
        )}
      />
    </Card>
  );
}
