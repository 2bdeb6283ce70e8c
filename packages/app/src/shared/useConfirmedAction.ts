import { useState } from 'react';
import type { Outcome } from './outcome';

export interface ConfirmedAction<T> {
  /** What the open dialog is about; null while it is closed. */
  target: T | null;
  /** The server's reason when the action was refused; the dialog shows it instead of its question. */
  error: string | null;
  /** Opens the dialog for `target`. */
  ask: (target: T) => void;
  /** Runs the action: success closes the dialog, a refusal keeps it open with the reason. */
  confirm: () => Promise<void>;
  /** Closes the dialog and forgets the reason. */
  cancel: () => void;
}

/** The state of an action behind a ConfirmDialog (delete a key, remove a card, rotate a secret). */
export function useConfirmedAction<T>(action: (target: T) => Promise<Outcome>): ConfirmedAction<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const cancel = () => {
    setTarget(null);
    setError(null);
  };
  const confirm = async () => {
    if (target === null) return;
    const outcome = await action(target);
    if (outcome.ok) cancel();
    else setError(outcome.message);
  };
  return { target, error, ask: setTarget, confirm, cancel };
}
