import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { LoginForm } from './LoginForm';

const meta = {
  title: 'Auth/Login form',
  component: LoginForm,
  args: { onSubmit: fn(), googleEnabled: true },
} satisfies Meta<typeof LoginForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Sign in to Parlance' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
    await expect(canvas.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    await userEvent.type(canvas.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'analytical engine');
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'analytical engine',
    });
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: /Signing in/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

const failure = (error: string): Story => ({
  args: { error },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(error);
  },
});

export const InvalidCredentials = failure('Invalid email or password');
export const EmailNotVerified = failure(
  'Verify your email first: enter the 6-digit code we sent you, or request a new one.',
);
export const BotCheckFailed = failure('The bot check failed. Please try again.');
export const RateLimited = failure('Too many attempts. Try again in 15 minutes.');
export const FallbackMessage = failure('Login failed');

export const WithNotice: Story = {
  args: {
    notice: 'Your password has been reset. Sign in with your new password.',
    googleEnabled: false,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Your password has been reset.');
    await expect(
      canvas.queryByRole('link', { name: 'Continue with Google' }),
    ).not.toBeInTheDocument();
  },
};

export const AwaitingBotCheck: Story = {
  args: {
    awaitingBotCheck: true,
    botCheck: <div style={{ height: 65 }} aria-label="Bot check" role="group" />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  },
};
