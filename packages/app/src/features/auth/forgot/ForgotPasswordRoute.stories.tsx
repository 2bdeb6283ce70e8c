import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { HttpResponse } from 'msw';
import { authHandlers, on } from '@parlance/mocks';
import { authEndpoints } from '@parlance/contract/endpoints';
import { PublicStory } from '../../../test/PublicStory';
import { FORGOT_PASSWORD_CONFIRMATION } from './ForgotPasswordForm';
import { routeStoryParameters } from '../../../test/routeStoryParameters';

/** The real /forgot-password route: the same confirmation whether or not the account exists. */
const meta = {
  title: 'Auth/Forgot password page',
  component: PublicStory,
  args: { path: '/forgot-password' },
  parameters: {
    ...routeStoryParameters,
    visual: false,
    msw: { handlers: { auth: authHandlers.empty } },
  },
} satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const UnknownAddress: Story = {
  parameters: {
    msw: {
      handlers: {
        auth: [
          on(authEndpoints.forgotPassword, () =>
            HttpResponse.json({
              message:
                'If an account exists for that email, we sent it a link to reset the password.',
            }),
          ),
          ...authHandlers.empty,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await userEvent.type(
      await canvas.findByLabelText('Email', {}, { timeout: 5000 }),
      'nobody@example.com',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(FORGOT_PASSWORD_CONFIRMATION);
  },
};
