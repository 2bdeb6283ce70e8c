import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { VerifyCodeForm } from './VerifyCodeForm';

const meta = {
  title: 'Auth/Verify code form',
  component: VerifyCodeForm,
  args: { email: 'ada@example.com', onSubmit: fn(), onResend: fn() },
} satisfies Meta<typeof VerifyCodeForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByText('ada@example.com')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Verification code'), '482913');
    await userEvent.click(canvas.getByRole('button', { name: 'Verify and continue' }));
    await expect(args.onSubmit).toHaveBeenCalledWith('482913');
    await userEvent.click(canvas.getByRole('button', { name: 'Send a new code' }));
    await expect(args.onResend).toHaveBeenCalledOnce();
  },
};

export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Verifying/ })).toBeDisabled();
  },
};

export const WrongCode: Story = {
  args: { error: 'That code is not valid. Check the e-mail or request a new one.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'That code is not valid. Check the e-mail or request a new one.',
    );
  },
};

export const Expired: Story = {
  args: { error: 'That code has expired. Request a new one.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('That code has expired.');
  },
};

export const FallbackMessage: Story = {
  args: { error: 'Verification failed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Verification failed');
  },
};

export const CodeResent: Story = {
  args: { notice: 'If that account is waiting for verification, we sent it a new code.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('we sent it a new code');
  },
};
