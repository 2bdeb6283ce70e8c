import type { Receipt } from '@parlance/contract';
import { Badge, Button, Modal } from '@parlance/ui';
import { Actions, Lines } from './ReceiptModal.styles';

const STATUS = {
  succeeded: 'Paid',
  pending: 'Pending',
  requires_action: 'Awaiting confirmation',
  failed: 'Failed',
} as const;

/** A purchase receipt: amount, card, date and payment reference, printable. */
export function ReceiptModal({
  receipt,
  onClose,
}: {
  receipt: Receipt | null;
  onClose: () => void;
}) {
  return (
    <Modal open={receipt !== null} onClose={onClose} title="Receipt">
      {receipt && (
        <>
          <Lines>
            <dt>Amount</dt>
            <dd>{receipt.amount}</dd>
            <dt>Status</dt>
            <dd>
              <Badge tone={receipt.status === 'succeeded' ? 'success' : 'warning'}>
                {STATUS[receipt.status]}
              </Badge>
            </dd>
            <dt>Paid with</dt>
            <dd>{receipt.method ?? '—'}</dd>
            <dt>Date</dt>
            <dd>
              {new Date(receipt.date).toLocaleString(undefined, {
                dateStyle: 'medium',
                timeStyle: 'short',
                timeZone: 'UTC',
              })}{' '}
              UTC
            </dd>
            <dt>Payment reference</dt>
            <dd>{receipt.id}</dd>
          </Lines>
          <Actions>
            <Button variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
            <Button onClick={onClose}>Close</Button>
          </Actions>
        </>
      )}
    </Modal>
  );
}
