import { MAX_BILLING_NAME_LENGTH } from '@parlance/contract/endpoints';
import { Card, TextField } from '@parlance/ui';
import { SettingForm, type SettingCardProps } from './SettingForm';

/** The name; null: the account's name. */
export type BillingNameCardProps = SettingCardProps<string | null>;

/** The name receipts are made out to; nothing until the billing info has loaded. */
export function BillingNameCard({ info, saving, onSave }: BillingNameCardProps) {
  if (!info) return null;
  return (
    <Card
      title="Receipts"
      description="Receipts of purchases made from now on are made out to this name, with your e-mail."
    >
      <SettingForm
        label="Name on receipts"
        saved={info.billingName}
        saving={saving}
        submitLabel="Save name"
        onSave={(name) => onSave(name.trim() === '' ? null : name)}
        field={({ value, onChange, error }) => (
          <TextField
            label="Name on receipts"
            autoComplete="organization"
            maxLength={MAX_BILLING_NAME_LENGTH}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            hint="A person's or a company's name. Leave empty to use your account's name."
            error={error}
          />
        )}
      />
    </Card>
  );
}
