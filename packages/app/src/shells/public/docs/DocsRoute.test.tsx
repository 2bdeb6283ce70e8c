import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { configHandlers } from '@parlance/mocks';
import { server } from '../../../test/server';
import { renderRoute } from '../../../test/render';

describe('/docs', () => {
  test("the quick start names the server's credit for new accounts", async () => {
    renderRoute('/docs');
    expect(
      await screen.findByText(/starts with \$5\.00 of free credit once its e-mail is verified/),
    ).toBeInTheDocument();
  });

  test('without credit for new accounts, it says to add some', async () => {
    server.use(...configHandlers.empty);
    renderRoute('/docs');
    expect(await screen.findByText(/add credit and create a key/)).toBeInTheDocument();
    expect(screen.queryByText(/free credit/)).not.toBeInTheDocument();
  });
});
