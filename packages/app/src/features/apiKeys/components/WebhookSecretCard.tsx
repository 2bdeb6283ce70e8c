import { Button, Card, ConfirmDialog } from '@parlance/ui';
import type { Block } from '../../../shared/block';
import { BlockError } from '../../../shared/BlockError';
import type { Outcome } from '../../../shared/outcome';
import { useConfirmedAction } from '../../../shared/useConfirmedAction';
import { Body, Code, Field } from './WebhookSecretCard.styles';

export interface WebhookSecretCardProps {
  /** Null until the user asks to see the secret. */
  secret: Block<string> | null;
  onReveal: () => void;
  rotating: boolean;
  onRotate: () => Promise<Outcome>;
}

/**
 * The account's webhook signing secret: hidden until revealed, copyable, and rotatable (with a
 * confirmation, because receivers still holding the old secret start rejecting deliveries).
 */
export function WebhookSecretCard({
  secret,
  onReveal,
  rotating,
  onRotate,
}: WebhookSecretCardProps) {
  const rotation = useConfirmedAction<true>(onRotate);

  return (
    <Card
      title="Webhook signing secret"
      description={
        <>
          Each delivery to a job’s <Code>webhook_url</Code> carries{' '}
          <Code>Parlance-Signature: t=…,v1=…</Code>, where <Code>v1</Code> is the hex HMAC-SHA256 of{' '}
          <Code>t.body</Code> under this secret. Reject a delivery whose signature differs or whose{' '}
          <Code>t</Code> is more than five minutes old.
        </>
      }
    >
      <Body>
        {secret?.error ? (
          <BlockError block={secret} title="Could not load the secret" />
        ) : secret?.data ? (
          <>
            <Field label="Secret" value={secret.data} />
            <Button variant="secondary" onClick={() => rotation.ask(true)}>
              Rotate secret
            </Button>
          </>
        ) : (
          <Button variant="secondary" loading={secret?.loading} onClick={onReveal}>
            Reveal secret
          </Button>
        )}
      </Body>
      <ConfirmDialog
        open={rotation.target !== null}
        title="Rotate the webhook secret?"
        message={
          rotation.error ??
          'Deliveries from now on, retries included, are signed with a new secret. Receivers that still check the old one will reject them.'
        }
        confirmLabel="Rotate secret"
        variant="danger"
        busy={rotating}
        onConfirm={() => void rotation.confirm()}
        onCancel={rotation.cancel}
      />
    </Card>
  );
}
