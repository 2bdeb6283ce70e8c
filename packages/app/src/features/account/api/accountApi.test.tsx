import { describe, expect, test } from 'vitest';
import { recordRequests } from '../../../test/recordRequests';
import { accountApi } from './accountApi';

const call = recordRequests();

describe('account calls', () => {
  test('account: update, password, delete, sign out everywhere', async () => {
    expect(
      await call((d) => d(accountApi.endpoints.updateAccount.initiate({ name: 'Ada' }))),
    ).toMatchObject({
      method: 'PATCH',
      path: '/api/account',
      body: { name: 'Ada' },
    });
    expect(
      await call((d) =>
        d(
          accountApi.endpoints.changePassword.initiate({
            currentPassword: 'a',
            newPassword: 'bbbbbbbbbb',
          }),
        ),
      ),
    ).toMatchObject({ method: 'POST', path: '/api/account/password' });
    expect(
      await call((d) =>
        d(accountApi.endpoints.deleteAccount.initiate({ confirmEmail: 'ada@example.com' })),
      ),
    ).toMatchObject({
      method: 'DELETE',
      path: '/api/account',
      body: { confirmEmail: 'ada@example.com' },
    });
    expect(await call((d) => d(accountApi.endpoints.logoutEverywhere.initiate()))).toMatchObject({
      method: 'POST',
      path: '/api/auth/logout-all',
    });
  });
});
