import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { webhookSecretFixture } from '@parlance/mocks';
import type { Block } from '../../../shared/block';
import type { Outcome } from '../../../shared/outcome';
import { WebhookSecretCard } from './WebhookSecretCard';

const block = (state: Partial<Block<string>>): Block<string> => ({
  data: undefined,
  loading: false,
  error: null,
  retrying: false,
  onRetry: fn(),
  ...state,
});

const meta = {
  title: 'Dashboard/API keys/Webhook secret',
  component: WebhookSecretCard,
  args: {
    secret: null,
    onReveal: fn(),
    rotating: false,
    onRotate: fn(async (): Promise<Outcome> => ({ ok: true, value: undefined })),
  },
} satisfies Meta<typeof WebhookSecretCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Hidden until the user asks for it. */
export const Hidden: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reveal secret' }));
    await expect(args.onReveal).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { secret: block({ loading: true }) },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: /Reveal secret/ }),
    ).toBeDisabled();
  },
};

export const Revealed: Story = {
  args: { secret: block({ data: webhookSecretFixture }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('textbox', { name: 'Secret' })).toHaveValue(webhookSecretFixture);
  },
};

export const Failure: Story = {
  args: { secret: block({ error: 'Something went wrong on our side' }) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Something went wrong on our side')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.secret?.onRetry).toHaveBeenCalled();
  },
};

/** A refused rotation keeps the dialog open with the server's reason. */
export const RotateRefused: Story = {
  parameters: { visual: false },
  args: {
    secret: block({ data: webhookSecretFixture }),
    onRotate: fn(async (): Promise<Outcome> => ({ ok: false, message: 'Sign in to continue' })),
  },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Rotate secret' }));
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Rotate the webhook secret?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    await expect(args.onRotate).toHaveBeenCalled();
    await expect(await within(dialog).findByText('Sign in to continue')).toBeInTheDocument();
  },
};
