import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { authHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { pageStates, signedOut } from '../../../test/pageStates';

/** The real /register route against the mock API: sign-up, then the code step. */
const page = pageStates(PublicStory, '/register', {}, signedOut);
const meta = { title: 'Auth/Register page', ...page.meta } satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const register = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Name', {}, { timeout: 5000 }), 'Ada Lovelace');
  await userEvent.type(canvas.getByLabelText('Work email'), 'ada@example.com');
  await userEvent.type(canvas.getByLabelText('Password'), 'analytical engine');
  await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
  return canvas;
};

export const Idle: Story = page.populated(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { name: 'Create your Parlance account' }, { timeout: 5000 }),
  ).toBeVisible();
});

export const CommonPassword: Story = {
  parameters: { visual: false, msw: { handlers: { auth: authHandlers.registerWeakPassword } } },
  play: async ({ canvasElement }) => {
    const canvas = await register(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'This password is too common and easy to guess.',
    );
  },
};

export const ServerWithoutMessage: Story = {
  parameters: { visual: false, msw: { handlers: { auth: authHandlers.registerBroken } } },
  play: async ({ canvasElement }) => {
    const canvas = await register(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Registration failed');
  },
};

export const VerificationStep: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = await register(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Check your email' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Send a new code' }));
    await expect(await canvas.findByText(/we sent it a new code/)).toBeVisible();
  },
};

export const WrongCode: Story = {
  parameters: { visual: false, msw: { handlers: { auth: authHandlers.verifyWrongCode } } },
  play: async ({ canvasElement }) => {
    const canvas = await register(canvasElement);
    await userEvent.type(await canvas.findByLabelText('Verification code'), '111111');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify and continue' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'That code is not valid. Check the e-mail or request a new one.',
    );
  },
};
