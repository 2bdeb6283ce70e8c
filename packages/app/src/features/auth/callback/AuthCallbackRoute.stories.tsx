import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { authHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { GOOGLE_SIGN_IN_FAILED } from './AuthCallbackRoute';
import { routeStoryParameters } from '../../../test/routeStoryParameters';

/** /auth/callback, where Google sign-in returns: it re-checks the session. */
const meta = {
  title: 'Auth/Auth callback page',
  component: PublicStory,
  args: { path: '/auth/callback' },
  parameters: { ...routeStoryParameters },
} satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Checking: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.slow } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Signing you in' }, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByText('Checking your session')).toBeInTheDocument();
  },
};

export const SignInFailed: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.empty } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(GOOGLE_SIGN_IN_FAILED, {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Sign in to Parlance' })).toBeVisible();
  },
};
