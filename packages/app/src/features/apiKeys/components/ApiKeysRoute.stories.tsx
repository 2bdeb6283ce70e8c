import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { apiKeyEndpoints } from '@parlance/contract/endpoints';
import {
  accountHandlers,
  apiKeysHandlers,
  on,
  rotatedWebhookSecretFixture,
  webhookSecretFixture,
} from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { busy, pageStates, serverError } from '../../../test/pageStates';

const page = pageStates(DashboardStory, '/dashboard/api-keys', { apiKeys: apiKeysHandlers });
const meta = { title: 'Dashboard/API keys', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = page.populated(async (canvas) => {
  await expect(await canvas.findByText('Production backend')).toBeInTheDocument();
  await expect(canvas.getByText('prl_live_7Hq2…')).toBeInTheDocument();
  await expect(canvas.getByText('Never')).toBeInTheDocument();
  await expect(canvas.getByRole('switch', { name: 'Old laptop script enabled' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
});

export const Empty: Story = page.empty(async (canvas) => {
  await expect(await canvas.findByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument();
});

export const Loading: Story = page.loading(busy('table', 'API keys'));

export const Failure: Story = page.error(serverError());

/** Creating a key shows its secret once, with the warning. */
export const CreateKey: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await canvas.findByText('Production backend');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Create key' })[0] as HTMLElement);
    const body = within(document.body);
    const dialog = await body.findByRole('dialog', { name: 'Create an API key' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'CI pipeline');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const created = await body.findByRole('dialog', { name: 'Your new API key' });
    await expect(
      within(created).getByDisplayValue('prl_live_N3wK3y_4f9c2e7a1b8d6053c4e2f1a9b7d3c5e8'),
    ).toBeInTheDocument();
    await expect(within(created).getByText(/will not be shown again/)).toBeInTheDocument();
  },
};

/** The switch flips at once and flips back when the server refuses. */
export const ToggleRefused: Story = {
  parameters: { visual: false, msw: { handlers: { apiKeys: apiKeysHandlers.toggleError } } },
  play: async ({ canvas }) => {
    const toggle = await canvas.findByRole('switch', { name: 'Production backend enabled' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    await expect(
      await within(document.body).findByText('Could not update the key. Try again.'),
    ).toBeInTheDocument();
  },
};

export const Rename: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Rename Staging' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Rename API key' });
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Staging');
  },
};

/** What the page sends when a key's monthly limit is saved. */
const sentLimits = fn();
const recordLimits = on(apiKeyEndpoints.limit, async ({ request }) => {
  sentLimits(await request.clone().json());
});

/** Each key shows its monthly limit; setting one sends it in micro-dollars, an empty field none. */
export const KeyLimit: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { apiKeys: [recordLimits, ...apiKeysHandlers.default] } },
  },
  play: async ({ canvas }) => {
    sentLimits.mockClear();
    await expect(await canvas.findByRole('cell', { name: '$50.00' })).toBeInTheDocument();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Set the monthly limit of Production backend' }),
    );
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Monthly spending limit',
    });
    const field = within(dialog).getByRole('spinbutton', { name: 'Limit (USD)' });
    await expect(field).toHaveValue(50);
    await userEvent.clear(field);
    await userEvent.type(field, '20.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(sentLimits).toHaveBeenCalledWith({ monthlyLimitMicros: 20_500_000 });

    await userEvent.click(canvas.getByRole('button', { name: 'Set the monthly limit of Staging' }));
    const second = await within(document.body).findByRole('dialog', {
      name: 'Monthly spending limit',
    });
    await expect(within(second).getByRole('spinbutton', { name: 'Limit (USD)' })).toHaveValue(null);
    await userEvent.click(within(second).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(second).not.toBeInTheDocument());
    await expect(sentLimits).toHaveBeenLastCalledWith({ monthlyLimitMicros: null });
  },
};

/** The webhook signing secret is hidden until asked for, then copyable. */
export const WebhookSecretRevealed: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Reveal secret' }));
    await expect(await canvas.findByRole('textbox', { name: 'Secret' })).toHaveValue(
      webhookSecretFixture,
    );
    await expect(canvas.getByRole('button', { name: 'Rotate secret' })).toBeInTheDocument();
  },
};

/** Rotating asks first, then shows the new secret. */
export const WebhookSecretRotated: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Reveal secret' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Rotate secret' }));
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Rotate the webhook secret?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Secret' })).toHaveValue(
        rotatedWebhookSecretFixture,
      ),
    );
  },
};

export const WebhookSecretFailure: Story = {
  parameters: { visual: false, msw: { handlers: { account: accountHandlers.error } } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Reveal secret' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Could not load the secret' }),
    ).toBeInTheDocument();
    await expect(canvas.getByText(/Something went wrong on our side/)).toBeInTheDocument();
  },
};
