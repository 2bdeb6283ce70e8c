import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { BillingInfo } from '@parlance/contract';
import { Button } from '@parlance/ui';
import { Form } from './BalanceCard.styles';

/** A billing page card that edits one setting of the billing info. */
export interface SettingCardProps<Value> {
  /** The billing info, once loaded (its loading and error are the balance card's). */
  info: BillingInfo | undefined;
  saving: boolean;
  /** Saves the setting; resolves with the server's message when it refused it. */
  onSave: (value: Value) => Promise<string | undefined>;
}

/** What the form's one field is given to render: its text, its change handler, the server's refusal. */
export interface SettingField {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

export interface SettingFormProps {
  /** The form's accessible name. */
  label: string;
  /** The saved setting as the field shows it; the field follows it when it changes. */
  saved: string;
  saving: boolean;
  submitLabel: string;
  /** Saves the field's text; resolves with the server's message when it refused it. */
  onSave: (value: string) => Promise<string | undefined>;
  field: (field: SettingField) => ReactNode;
}

/** One billing setting edited in one field: the server's refusal is said at the field. */
export function SettingForm({
  label,
  saved,
  saving,
  submitLabel,
  onSave,
  field,
}: SettingFormProps) {
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => setValue(saved), [saved]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(value).then(setError);
  };
  return (
    <Form onSubmit={submit} aria-label={label}>
      {field({
        value,
        onChange: (next) => {
          setValue(next);
          setError(undefined);
        },
        error,
      })}
      <div>
        <Button type="submit" variant="secondary" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
