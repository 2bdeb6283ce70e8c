import { describe, expect, test } from 'vitest';
import { recordRequests } from '../test/recordRequests';
import { modelsApi } from './modelsApi';

const call = recordRequests();

describe('model calls', () => {
  test('models go to /v1/models', async () => {
    expect((await call((d) => d(modelsApi.endpoints.listModels.initiate()))).path).toBe(
      '/v1/models',
    );
  });
});
