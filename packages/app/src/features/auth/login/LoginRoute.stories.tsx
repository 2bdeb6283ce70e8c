import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, configHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { pageStates, signedOut } from '../../../test/pageStates';

/** The real /login route against the mock API: what a visitor sees after submitting. */
const page = pageStates(PublicStory, '/login', {}, signedOut);
const meta = { title: 'Auth/Login page', ...page.meta } satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const submit = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByLabelText('Email', {}, { timeout: 5000 }),
    'ada@example.com',
  );
  await userEvent.type(canvas.getByLabelText('Password'), 'wrong password');
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
  return canvas;
};

export const Idle: Story = page.populated(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { name: 'Sign in to Parlance' }, { timeout: 5000 }),
  ).toBeVisible();
  await expect(await canvas.findByRole('link', { name: 'Continue with Google' })).toBeVisible();
  await expect(canvas.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

export const WithoutGoogle: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.empty, config: configHandlers.empty } } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { name: 'Sign in to Parlance' }, { timeout: 5000 });
    await waitFor(() =>
      expect(canvas.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument(),
    );
  },
};

export const Submitting: Story = {
  parameters: { visual: false, msw: { handlers: { auth: authHandlers.slow } } },
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement);
    await expect(await canvas.findByRole('button', { name: /Signing in/ })).toBeDisabled();
  },
};

export const InvalidCredentials: Story = {
  parameters: { visual: false, msw: { handlers: { auth: authHandlers.loginInvalid } } },
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Invalid email or password');
  },
};

export const ServerWithoutMessage: Story = {
  parameters: { visual: false, msw: { handlers: { auth: authHandlers.loginBroken } } },
  play: async ({ canvasElement }) => {
    const canvas = await submit(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Login failed');
  },
};
