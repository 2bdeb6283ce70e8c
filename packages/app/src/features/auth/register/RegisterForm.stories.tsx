import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { RegisterForm } from './RegisterForm';

const meta = {
  title: 'Auth/Register form',
  component: RegisterForm,
  args: { onSubmit: fn(), googleEnabled: true },
} satisfies Meta<typeof RegisterForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Sign up with Google' })).toHaveAttribute(
      'href',
      '/api/auth/google',
    );
    await userEvent.type(canvas.getByLabelText('Name'), 'Ada Lovelace');
    await userEvent.type(canvas.getByLabelText('Work email'), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'analytical engine');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(args.onSubmit).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical engine',
    });
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Creating your account/ })).toBeDisabled();
  },
};

const failure = (error: string): Story => ({
  args: { error },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(error);
  },
});

export const CommonPassword = failure(
  'This password is too common and easy to guess. Choose a different one.',
);
export const BotCheckUnavailable = failure(
  'The bot check is unavailable right now. Please try again.',
);
export const FallbackMessage = failure('Registration failed');
