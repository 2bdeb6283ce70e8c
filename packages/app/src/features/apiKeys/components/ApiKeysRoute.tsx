import { useState } from 'react';
import type { ApiKey } from '@parlance/contract';
import { toast } from '@parlance/ui';
import { errorMessage } from '../../../store/errors';
import { useGetWebhookSecretQuery, useRotateWebhookSecretMutation } from '../api/webhookSecretApi';
import {
  useCreateApiKeyMutation,
  useDeleteApiKeyMutation,
  useListApiKeysQuery,
  useLimitApiKeyMutation,
  useRenameApiKeyMutation,
  useToggleApiKeyMutation,
} from '../api/apiKeysApi';
import { toBlock } from '../../../shared/block';
import { useNow } from '../../../shared/now';
import { toOutcome } from '../../../shared/outcome';
import { ApiKeysScreen } from './ApiKeysScreen';

export function ApiKeysRoute() {
  const now = useNow();
  const list = useListApiKeysQuery();
  const [create, createState] = useCreateApiKeyMutation();
  const [rename, renameState] = useRenameApiKeyMutation();
  const [limit, limitState] = useLimitApiKeyMutation();
  const [toggle] = useToggleApiKeyMutation();
  const [remove, removeState] = useDeleteApiKeyMutation();
  const keys = toBlock(list, 'Failed to load API keys');
  const [revealed, setRevealed] = useState(false);
  const secret = useGetWebhookSecretQuery(undefined, { skip: !revealed });
  const [rotate, rotateState] = useRotateWebhookSecretMutation();

  const onToggle = async (key: ApiKey) => {
    // The switch flips at once (optimistic update); a refusal flips it back and says why.
    const result = await toggle(key.id);
    if (result.error)
      toast.destructive(
        errorMessage(result.error, `Could not ${key.enabled ? 'disable' : 'enable'} “${key.name}”`),
      );
  };

  return (
    <ApiKeysScreen
      keys={{ ...keys, data: list.currentData?.apiKeys }}
      now={now}
      creating={createState.isLoading}
      onCreate={async (name) =>
        toOutcome(await create(name), 'Could not create the key', (data) => data.secret)
      }
      renaming={renameState.isLoading}
      onRename={async (key, name) =>
        toOutcome(await rename({ id: key.id, name }), 'Could not rename the key', () => undefined)
      }
      limiting={limitState.isLoading}
      onLimit={async (key, monthlyLimitMicros) =>
        toOutcome(
          await limit({ id: key.id, monthlyLimitMicros }),
          'Could not save the limit',
          () => undefined,
        )
      }
      onToggle={onToggle}
      deleting={removeState.isLoading}
      onDelete={async (key) =>
        toOutcome(await remove(key.id), 'Could not delete the key', () => undefined)
      }
      webhookSecret={{
        secret: revealed ? toBlock(secret, 'Failed to load the webhook secret') : null,
        onReveal: () => setRevealed(true),
        rotating: rotateState.isLoading,
        onRotate: async () =>
          toOutcome(await rotate(), 'Could not rotate the secret', () => undefined),
      }}
    />
  );
}

export { ApiKeysRoute as Component };
