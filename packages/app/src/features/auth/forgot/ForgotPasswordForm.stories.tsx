import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { FORGOT_PASSWORD_CONFIRMATION, ForgotPasswordForm } from './ForgotPasswordForm';

const meta = {
  title: 'Auth/Forgot password form',
  component: ForgotPasswordForm,
  args: { onSubmit: fn() },
} satisfies Meta<typeof ForgotPasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Send reset link' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('ada@example.com');
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Sending/ })).toBeDisabled();
  },
};

export const Sent: Story = {
  args: { sent: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(FORGOT_PASSWORD_CONFIRMATION);
    await expect(canvas.queryByLabelText('Email')).not.toBeInTheDocument();
  },
};

export const RateLimited: Story = {
  args: { error: 'Too many attempts. Try again in 15 minutes.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Too many attempts.');
  },
};
