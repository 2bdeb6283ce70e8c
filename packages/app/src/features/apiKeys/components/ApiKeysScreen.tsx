import { useState } from 'react';
import type { ApiKey } from '@parlance/contract';
import { formatUsd } from '@parlance/contract/money';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  KeyIcon,
  Switch,
  Table,
  type TableColumn,
} from '@parlance/ui';
import type { Block } from '../../../shared/block';
import type { Outcome } from '../../../shared/outcome';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { relativeDate } from '../../../shared/timeDisplay';
import { useConfirmedAction } from '../../../shared/useConfirmedAction';
import { CreateKeyModal } from './CreateKeyModal';
import { LimitKeyModal } from './LimitKeyModal';
import { RenameKeyModal } from './RenameKeyModal';
import { WebhookSecretCard, type WebhookSecretCardProps } from './WebhookSecretCard';
import { Prefix, RowActions } from './ApiKeysScreen.styles';

export interface ApiKeysScreenProps {
  keys: Block<ApiKey[]>;
  now: Date;
  creating: boolean;
  /** Resolves with the new key's secret (shown once). */
  onCreate: (name: string) => Promise<Outcome<string>>;
  renaming: boolean;
  onRename: (key: ApiKey, name: string) => Promise<Outcome>;
  limiting: boolean;
  onLimit: (key: ApiKey, monthlyLimitMicros: number | null) => Promise<Outcome>;
  onToggle: (key: ApiKey) => void;
  deleting: boolean;
  onDelete: (key: ApiKey) => Promise<Outcome>;
  webhookSecret: WebhookSecretCardProps;
}

/**
 * Keys for the public API: create (the secret is shown once), rename, enable or disable, delete;
 * and the secret that signs webhook deliveries.
 */
export function ApiKeysScreen(props: ApiKeysScreenProps) {
  const { keys, now } = props;
  const [creatingOpen, setCreatingOpen] = useState(false);
  const [renamingKey, setRenamingKey] = useState<ApiKey | null>(null);
  const [limitingKey, setLimitingKey] = useState<ApiKey | null>(null);
  const deletion = useConfirmedAction(props.onDelete);

  const columns: TableColumn<ApiKey>[] = [
    { key: 'name', header: 'Name' },
    { key: 'prefix', header: 'Key', render: (key) => <Prefix>{key.prefix}…</Prefix> },
    { key: 'created', header: 'Created', render: (key) => relativeDate(key.createdAt, now) },
    {
      key: 'lastUsed',
      header: 'Last used',
      render: (key) => (key.lastUsedAt ? relativeDate(key.lastUsedAt, now) : 'Never'),
    },
    {
      key: 'limit',
      header: 'Monthly limit',
      render: (key) =>
        key.monthlyLimitMicros === null ? 'None' : formatUsd(key.monthlyLimitMicros),
    },
    {
      key: 'enabled',
      header: 'Enabled',
      render: (key) => (
        <Switch
          aria-label={`${key.name} enabled`}
          checked={key.enabled}
          onCheckedChange={() => props.onToggle(key)}
        />
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (key) => (
        <RowActions>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setRenamingKey(key)}
            aria-label={`Rename ${key.name}`}
          >
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setLimitingKey(key)}
            aria-label={`Set the monthly limit of ${key.name}`}
          >
            Limit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => deletion.ask(key)}
            aria-label={`Delete ${key.name}`}
          >
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];

  const createButton = <Button onClick={() => setCreatingOpen(true)}>Create key</Button>;
  const empty = !keys.loading && !keys.error && keys.data?.length === 0;

  return (
    <Stack>
      <PageHeader
        description="Authenticate requests to the API with Authorization: Bearer <key>."
        actions={createButton}
      />
      <Card>
        {empty ? (
          <EmptyState
            icon={<KeyIcon />}
            headingLevel={2}
            title="No API keys yet"
            description="Create a key to call the transcription API from your code."
            action={createButton}
          />
        ) : (
          <Table
            caption="API keys"
            hideCaption
            columns={columns}
            rows={keys.data ?? []}
            getRowKey={(key) => key.id}
            loading={keys.loading}
            error={keys.error ?? undefined}
            onRetry={keys.onRetry}
          />
        )}
      </Card>
      <WebhookSecretCard {...props.webhookSecret} />
      <CreateKeyModal
        open={creatingOpen}
        creating={props.creating}
        onCreate={props.onCreate}
        onClose={() => setCreatingOpen(false)}
      />
      <RenameKeyModal
        apiKey={renamingKey}
        renaming={props.renaming}
        onRename={props.onRename}
        onClose={() => setRenamingKey(null)}
      />
      <LimitKeyModal
        apiKey={limitingKey}
        saving={props.limiting}
        onSave={props.onLimit}
        onClose={() => setLimitingKey(null)}
      />
      <ConfirmDialog
        open={deletion.target !== null}
        title="Delete this API key?"
        message={
          deletion.error ??
          `Requests using “${deletion.target?.name ?? ''}” will fail at once. This cannot be undone.`
        }
        confirmLabel="Delete key"
        variant="danger"
        busy={props.deleting}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </Stack>
  );
}
