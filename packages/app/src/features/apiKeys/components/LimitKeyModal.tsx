import { useEffect, useState, type FormEvent } from 'react';
import type { ApiKey } from '@parlance/contract';
import { Modal } from '@parlance/ui';
import { limitDollars, limitMicros, DollarsField } from '../../../shared/monthlyLimit';
import type { Outcome } from '../../../shared/outcome';
import { Body } from '../../../shared/ModalForm.styles';
import { ModalFormEnd } from '../../../shared/ModalFormEnd';

interface LimitKeyModalProps {
  /** The key whose monthly spending limit is being set; null when closed. */
  apiKey: ApiKey | null;
  saving: boolean;
  onSave: (key: ApiKey, monthlyLimitMicros: number | null) => Promise<Outcome>;
  onClose: () => void;
}

/** A key's own monthly spending limit: empty for none (the account's limit still applies). */
export function LimitKeyModal({ apiKey, saving, onSave, onClose }: LimitKeyModalProps) {
  const [dollars, setDollars] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDollars(limitDollars(apiKey?.monthlyLimitMicros ?? null));
    setError(null);
  }, [apiKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!apiKey) return;
    const outcome = await onSave(apiKey, limitMicros(dollars));
    if (outcome.ok) onClose();
    else setError(outcome.message);
  };

  return (
    <Modal open={apiKey !== null} onClose={onClose} title="Monthly spending limit">
      <Body onSubmit={submit} aria-label="Monthly spending limit of the key">
        <DollarsField
          label="Limit (USD)"
          value={dollars}
          onChange={setDollars}
          hint={`Requests with “${apiKey?.name ?? ''}” past it this month are refused. Leave empty for no limit of its own; the account's limit applies too.`}
          autoFocus
        />
        <ModalFormEnd error={error} onCancel={onClose} busy={saving} submitLabel="Save" />
      </Body>
    </Modal>
  );
}
