import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { Textarea } from './Textarea';

const meta = {
  title: 'Inputs/Textarea',
  component: Textarea,
  decorators: [framed],
  args: { label: 'Message', placeholder: 'How can we help?', onChange: fn() },
} satisfies Meta<typeof Textarea>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas }) => {
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hi{Enter}there');
    await expect(box).toHaveValue('Hi\nthere');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const WithHint: Story = { args: { hint: 'We answer within one business day.' } };

export const WithError: Story = {
  args: { error: 'Tell us a little more (at least 20 characters).', defaultValue: 'Help' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Sent on 2 November 2026.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  },
};

export const LongText: Story = {
  args: {
    rows: 6,
    defaultValue:
      'Our call-centre recordings are 8 kHz mono and sometimes include long silences between speakers. The transcripts come back with the speakers merged, and timestamps drift by a second or two after the first hour. Is there a setting for this?',
  },
};
