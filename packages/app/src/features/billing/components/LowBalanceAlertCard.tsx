import { formatUsd } from '@parlance/contract/money';
import { Card } from '@parlance/ui';
import { DollarsField, limitDollars, limitMicros } from '../../../shared/monthlyLimit';
import { SettingForm, type SettingCardProps } from './SettingForm';

/** The alert in micro-dollars; null: none. */
export type LowBalanceAlertCardProps = SettingCardProps<number | null>;

/** The balance under which the owner is e-mailed; nothing until the billing info has loaded. */
export function LowBalanceAlertCard({ info, saving, onSave }: LowBalanceAlertCardProps) {
  if (!info) return null;
  const saved = info.lowBalanceAlertMicros;
  return (
    <Card
      title="Low-balance e-mail"
      description={
        saved === null
          ? 'Get an e-mail when your balance falls below an amount you choose.'
          : `You get an e-mail when your balance falls below ${formatUsd(saved)}, once each time.`
      }
    >
      <SettingForm
        label="Low-balance e-mail"
        saved={limitDollars(saved)}
        saving={saving}
        submitLabel="Save alert"
        onSave={(dollars) => onSave(limitMicros(dollars))}
        field={({ value, onChange, error }) => (
          <DollarsField
            label="E-mail me below (USD)"
            value={value}
            onChange={onChange}
            hint="Leave empty for no e-mail."
            error={error}
          />
        )}
      />
    </Card>
  );
}
