import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { authHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { pageStates } from '../../../test/pageStates';
import { GOOGLE_SIGN_IN_FAILED } from './AuthCallbackRoute';

/** /auth/callback, where Google sign-in returns: it re-checks the session. */
const page = pageStates(PublicStory, '/auth/callback', { auth: authHandlers });
const meta = { title: 'Auth/Auth callback page', ...page.meta } satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Checking: Story = page.loading(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { name: 'Signing you in' }, { timeout: 5000 }),
  ).toBeVisible();
  await expect(canvas.getByText('Checking your session')).toBeInTheDocument();
});

/** Google sent the user back, but the session check finds no one signed in. */
export const SignInFailed: Story = page.empty(async (canvas) => {
  await expect(await canvas.findByText(GOOGLE_SIGN_IN_FAILED, {}, { timeout: 5000 })).toBeVisible();
  await expect(canvas.getByRole('heading', { name: 'Sign in to Parlance' })).toBeVisible();
});
