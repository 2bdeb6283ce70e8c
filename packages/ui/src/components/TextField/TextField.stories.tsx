import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { TextField } from './TextField';

const meta = {
  title: 'Inputs/TextField',
  component: TextField,
  decorators: [framed],
  args: { label: 'Key name', placeholder: 'e.g. Production server', onChange: fn() },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Key name' });
    await userEvent.type(input, 'CI');
    await expect(input).toHaveValue('CI');
    await expect(args.onChange).toHaveBeenCalledTimes(2);
  },
};

export const WithHint: Story = {
  args: { hint: 'Only you can see this name.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Key name' })).toHaveAccessibleDescription(
      'Only you can see this name.',
    );
  },
};

export const WithError: Story = {
  args: {
    type: 'email',
    label: 'Email',
    defaultValue: 'ada@',
    error: 'Enter a valid e-mail address.',
    hint: 'We send receipts here.',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'We send receipts here. Enter a valid e-mail address.',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Production server' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Key name' })).toBeDisabled();
  },
};

export const LongText: Story = {
  args: {
    label: 'Webhook URL for completed transcriptions',
    defaultValue:
      'https://hooks.example.com/parlance/transcriptions/completed?token=very-long-token-value',
    hint: 'We POST the finished transcript here, retrying with backoff for up to twenty-four hours if your endpoint fails.',
  },
};

export const Focused: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('textbox', { name: 'Key name' })).toHaveFocus();
  },
};
