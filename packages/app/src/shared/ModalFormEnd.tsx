import { Alert, Button } from '@parlance/ui';
import { Actions } from './ModalForm.styles';

export interface ModalFormEndProps {
  /** The server's refusal of the last submission, if any. */
  error: string | null;
  onCancel: () => void;
  /** The submission is under way. */
  busy: boolean;
  submitLabel: string;
}

/** The end of a form in a Modal: why the last try failed, then Cancel and the submit button. */
export function ModalFormEnd({ error, onCancel, busy, submitLabel }: ModalFormEndProps) {
  return (
    <>
      {error && <Alert variant="danger">{error}</Alert>}
      <Actions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Actions>
    </>
  );
}
