import { useState, type FormEvent } from 'react';
import type { DeleteAccountBody, User } from '@parlance/contract';
import { Alert, Button, Modal, PasswordField, TextField } from '@parlance/ui';
import type { Outcome } from '../../../shared/outcome';
import { Actions, Form } from './DeleteAccountDialog.styles';

interface DeleteAccountDialogProps {
  open: boolean;
  user: User;
  deleting: boolean;
  onDelete: (body: DeleteAccountBody) => Promise<Outcome>;
  onClose: () => void;
}

/** Confirms a deletion by having the user type their e-mail (and password, when they have one). */
export function DeleteAccountDialog({
  open,
  user,
  deleting,
  onDelete,
  onClose,
}: DeleteAccountDialogProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = email.trim().toLowerCase() === user.email.toLowerCase();

  const close = () => {
    setEmail('');
    setPassword('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    const outcome = await onDelete({
      confirmEmail: email.trim(),
      ...(user.hasPassword ? { password } : {}),
    });
    if (!outcome.ok) setError(outcome.message);
  };

  return (
    <Modal open={open} onClose={close} title="Delete your account?">
      <Form onSubmit={submit} aria-label="Delete account">
        <p>
          This permanently deletes your account, transcripts and API keys. Type{' '}
          <strong>{user.email}</strong> to confirm.
        </p>
        <TextField
          label="Your e-mail"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="off"
        />
        {user.hasPassword && (
          <PasswordField
            label="Password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="current-password"
          />
        )}
        {error && <Alert variant="danger">{error}</Alert>}
        <Actions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={deleting} disabled={!matches}>
            Delete account
          </Button>
        </Actions>
      </Form>
    </Modal>
  );
}
