import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { authHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { routeStoryParameters } from '../../../test/routeStoryParameters';

/** The real /reset-password route, opened from a mailed link (`#token=…`), against the mock API. */
const meta = {
  title: 'Auth/Reset password page',
  component: PublicStory,
  args: { path: '/reset-password#token=4f9c2d' },
  parameters: {
    ...routeStoryParameters,
    visual: false,
    msw: { handlers: { auth: authHandlers.empty } },
  },
} satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const choose = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByLabelText('New password', {}, { timeout: 5000 }),
    'a much better passphrase',
  );
  await userEvent.click(canvas.getByRole('button', { name: 'Set new password' }));
  return canvas;
};

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Sign in to Parlance' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Your password has been reset. Sign in with your new password.',
    );
  },
};

export const InvalidToken: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.resetInvalidToken } } },
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired. Request a new one.',
    );
  },
};

export const LinkWithoutToken: Story = {
  args: { path: '/reset-password' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'This reset link is incomplete.',
    );
  },
};
