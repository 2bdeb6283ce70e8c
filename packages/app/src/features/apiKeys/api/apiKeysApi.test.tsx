import { describe, expect, test } from 'vitest';
import { apiKeysHandlers } from '@parlance/mocks';
import { makeStore } from '../../../store/store';
import { recordRequests } from '../../../test/recordRequests';
import { server } from '../../../test/server';
import { apiKeysApi } from './apiKeysApi';

const call = recordRequests();

const PRODUCTION = '1a2b3c4d-0000-4000-8000-000000000001';

async function loadedStore() {
  const store = makeStore();
  await store.dispatch(apiKeysApi.endpoints.listApiKeys.initiate());
  const enabled = () =>
    apiKeysApi.endpoints.listApiKeys
      .select()(store.getState())
      .data?.apiKeys.find((key) => key.id === PRODUCTION)?.enabled;
  return { store, enabled };
}

describe('toggling an API key', () => {
  test('flips the cached key at once and keeps the server’s answer', async () => {
    const { store, enabled } = await loadedStore();
    expect(enabled()).toBe(true);
    const toggling = store.dispatch(apiKeysApi.endpoints.toggleApiKey.initiate(PRODUCTION));
    expect(enabled()).toBe(false);
    await toggling;
    expect(enabled()).toBe(false);
  });

  test('puts the key back when the server refuses', async () => {
    server.use(...apiKeysHandlers.toggleError);
    const { store, enabled } = await loadedStore();
    const toggling = store.dispatch(apiKeysApi.endpoints.toggleApiKey.initiate(PRODUCTION));
    expect(enabled()).toBe(false);
    const result = await toggling;
    expect(result.error).toBeDefined();
    expect(enabled()).toBe(true);
  });
});

describe('API key calls', () => {
  const id = '1a2b3c4d-0000-4000-8000-000000000001';

  test('api keys: list, create {name}, rename PUT {name}, toggle PATCH, delete', async () => {
    expect((await call((d) => d(apiKeysApi.endpoints.listApiKeys.initiate()))).path).toBe(
      '/api/api-keys',
    );
    expect(await call((d) => d(apiKeysApi.endpoints.createApiKey.initiate('CI')))).toMatchObject({
      method: 'POST',
      path: '/api/api-keys',
      body: { name: 'CI' },
    });
    expect(
      await call((d) => d(apiKeysApi.endpoints.renameApiKey.initiate({ id, name: 'Prod' }))),
    ).toMatchObject({
      method: 'PUT',
      path: `/api/api-keys/${id}`,
      body: { name: 'Prod' },
    });
    expect(await call((d) => d(apiKeysApi.endpoints.toggleApiKey.initiate(id)))).toMatchObject({
      method: 'PATCH',
      path: `/api/api-keys/${id}/toggle`,
    });
    expect(await call((d) => d(apiKeysApi.endpoints.deleteApiKey.initiate(id)))).toMatchObject({
      method: 'DELETE',
      path: `/api/api-keys/${id}`,
    });
  });
});
