import { useState, type FormEvent } from 'react';
import { Button, CopyField, Modal, TextField } from '@parlance/ui';
import type { Outcome } from '../../../shared/outcome';
import { Actions, Body } from '../../../shared/ModalForm.styles';
import { ModalFormEnd } from '../../../shared/ModalFormEnd';

interface CreateKeyModalProps {
  open: boolean;
  creating: boolean;
  onCreate: (name: string) => Promise<Outcome<string>>;
  onClose: () => void;
}

/** Names a new key, then shows its secret once with a copy button. */
export function CreateKeyModal({ open, creating, onCreate, onClose }: CreateKeyModalProps) {
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setName('');
    setSecret(null);
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await onCreate(name);
    if (outcome.ok) setSecret(outcome.value);
    else setError(outcome.message);
  };

  return (
    <Modal open={open} onClose={close} title={secret ? 'Your new API key' : 'Create an API key'}>
      {secret ? (
        <Body as="div">
          <CopyField
            label={name}
            value={secret}
            warning="Copy this key now and keep it somewhere safe: for your security it will not be shown again."
          />
          <Actions>
            <Button onClick={close}>Done</Button>
          </Actions>
        </Body>
      ) : (
        <Body onSubmit={submit} aria-label="Create an API key">
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="e.g. Production backend"
            hint="A name to tell your keys apart."
            autoFocus
          />
          <ModalFormEnd error={error} onCancel={close} busy={creating} submitLabel="Create key" />
        </Body>
      )}
    </Modal>
  );
}
