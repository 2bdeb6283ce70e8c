import { useState, type FormEvent } from 'react';
import type { AddPaymentMethod } from '@parlance/contract';
import { Alert, Modal, TextField } from '@parlance/ui';
import type { Outcome } from '../../../shared/outcome';
import { Body } from '../../../shared/ModalForm.styles';
import { ModalFormEnd } from '../../../shared/ModalFormEnd';
import { Row } from './AddCardModal.styles';

interface AddCardModalProps {
  open: boolean;
  /** The test payment provider takes card numbers directly; say which ones work. */
  testMode: boolean;
  adding: boolean;
  onAdd: (card: AddPaymentMethod) => Promise<Outcome>;
  onClose: () => void;
}

const digits = (value: string) => value.replace(/\D/g, '');

/** Card number, expiry and CVC; the server (its payment provider) checks them. */
export function AddCardModal({ open, testMode, adding, onAdd, onClose }: AddCardModalProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setNumber('');
    setExpiry('');
    setCvc('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [month = '', year = ''] = expiry.split('/').map((part) => digits(part));
    const outcome = await onAdd({
      number: digits(number),
      expMonth: Number(month),
      expYear: year.length === 2 ? 2000 + Number(year) : Number(year),
      cvc: digits(cvc),
    });
    if (outcome.ok) close();
    else setError(outcome.message);
  };

  return (
    <Modal open={open} onClose={close} title="Add a card">
      <Body onSubmit={submit} aria-label="Add a card">
        {testMode && (
          <Alert variant="info" title="Test mode">
            Use 4242 4242 4242 4242 for a card that works, or 4000 0000 0000 0002 for one that is
            declined. Any future expiry and any CVC.
          </Alert>
        )}
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
        />
        <Row>
          <TextField
            label="Expiry"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
          />
          <TextField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={cvc}
            onChange={(event) => setCvc(event.target.value)}
          />
        </Row>
        <ModalFormEnd error={error} onCancel={close} busy={adding} submitLabel="Save card" />
      </Body>
    </Modal>
  );
}
