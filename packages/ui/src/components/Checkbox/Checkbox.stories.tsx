import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Inputs/Checkbox',
  component: Checkbox,
  decorators: [framed],
  args: { label: 'Include word-level timestamps', onChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Unchecked: Story = {
  play: async ({ args, canvas }) => {
    const box = canvas.getByRole('checkbox', { name: 'Include word-level timestamps' });
    await userEvent.click(canvas.getByText('Include word-level timestamps'));
    await expect(box).toBeChecked();
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

export const Checked: Story = { args: { defaultChecked: true } };

export const WithHint: Story = { args: { hint: 'Adds a start and end time to every word.' } };

export const WithError: Story = {
  args: {
    label: 'I accept the terms of service',
    error: 'You need to accept the terms to continue.',
  },
  play: async ({ canvas }) => {
    const box = canvas.getByRole('checkbox', { name: 'I accept the terms of service' });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAccessibleDescription('You need to accept the terms to continue.');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox')).toBeDisabled();
  },
};

export const Keyboard: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.tab();
    const box = canvas.getByRole('checkbox');
    await expect(box).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(box).toBeChecked();
  },
};

export const LongText: Story = {
  args: {
    label:
      'E-mail me a weekly summary of transcription minutes, spending and failed jobs for every project in this workspace',
  },
};
