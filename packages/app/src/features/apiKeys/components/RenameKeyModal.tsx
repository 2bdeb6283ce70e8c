import { useEffect, useState, type FormEvent } from 'react';
import type { ApiKey } from '@parlance/contract';
import { Modal, TextField } from '@parlance/ui';
import type { Outcome } from '../../../shared/outcome';
import { Body } from '../../../shared/ModalForm.styles';
import { ModalFormEnd } from '../../../shared/ModalFormEnd';

interface RenameKeyModalProps {
  /** The key being renamed; null when closed. */
  apiKey: ApiKey | null;
  renaming: boolean;
  onRename: (key: ApiKey, name: string) => Promise<Outcome>;
  onClose: () => void;
}

export function RenameKeyModal({ apiKey, renaming, onRename, onClose }: RenameKeyModalProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setName(apiKey?.name ?? '');
    setError(null);
  }, [apiKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!apiKey) return;
    const outcome = await onRename(apiKey, name);
    if (outcome.ok) onClose();
    else setError(outcome.message);
  };

  return (
    <Modal open={apiKey !== null} onClose={onClose} title="Rename API key">
      <Body onSubmit={submit} aria-label="Rename API key">
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoFocus
        />
        <ModalFormEnd error={error} onCancel={onClose} busy={renaming} submitLabel="Save" />
      </Body>
    </Modal>
  );
}
