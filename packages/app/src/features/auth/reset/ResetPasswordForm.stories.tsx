import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ResetPasswordForm } from './ResetPasswordForm';

const meta = {
  title: 'Auth/Reset password form',
  component: ResetPasswordForm,
  args: { onSubmit: fn() },
} satisfies Meta<typeof ResetPasswordForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByLabelText('New password'), 'a much better passphrase');
    await userEvent.click(canvas.getByRole('button', { name: 'Set new password' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('a much better passphrase');
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Saving/ })).toBeDisabled();
  },
};

export const ExpiredLink: Story = {
  args: { error: 'This reset link is invalid or has expired. Request a new one.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired.',
    );
    await expect(canvas.getByRole('link', { name: 'Request a new one' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  },
};

export const FallbackMessage: Story = {
  args: { error: 'Password reset failed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Password reset failed');
  },
};
