import { Alert } from '@parlance/ui';
import type { Outcome } from './outcome';

/** A form's outcome under it: the confirmation when it worked, the server's reason when not. */
export function OutcomeAlert({ outcome }: { outcome: Outcome<string> }) {
  return outcome.ok ? (
    <Alert variant="success">{outcome.value}</Alert>
  ) : (
    <Alert variant="danger">{outcome.message}</Alert>
  );
}
