import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { HttpResponse } from 'msw';
import type { PublicConfig } from '@parlance/contract';
import { systemEndpoints } from '@parlance/contract/endpoints';
import { configHandlers, on, serviceLimitsFixture } from '@parlance/mocks';
import { server } from '../../../test/server';
import { renderRoute } from '../../../test/render';

describe('/docs', () => {
  test("the quick start names the server's credit for new accounts", async () => {
    renderRoute('/docs');
    expect(
      await screen.findByText(/starts with \$5\.00 of free credit once its e-mail is verified/),
    ).toBeInTheDocument();
  });

  test("shows this server's limits, as /api/config tells them", async () => {
    server.use(
      on(systemEndpoints.config, () =>
        HttpResponse.json<PublicConfig>({
          turnstileSiteKey: null,
          googleEnabled: false,
          testPayments: false,
          signupCreditMicros: 0,
          limits: {
            ...serviceLimitsFixture,
            maxUploadBytes: 25 * 1048576,
            maxResumableUploadBytes: 2 * 1024 ** 3,
            maxAudioSeconds: 600,
          },
        }),
      ),
    );
    renderRoute('/docs');
    const limits = await screen.findByLabelText('Limits of this server');
    expect(limits).toHaveTextContent('25 MB per upload or audio_url');
    expect(limits).toHaveTextContent('2048 MB per file sent to /v1/uploads');
    expect(limits).toHaveTextContent('10 min per file');
  });

  test('without credit for new accounts, it says to add some', async () => {
    server.use(...configHandlers.empty);
    renderRoute('/docs');
    expect(await screen.findByText(/add credit and create a key/)).toBeInTheDocument();
    expect(screen.queryByText(/free credit/)).not.toBeInTheDocument();
  });
});
