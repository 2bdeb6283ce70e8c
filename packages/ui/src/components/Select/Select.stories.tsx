import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { Select } from './Select';

const models = [
  { value: 'tiny', label: 'Tiny — fastest' },
  { value: 'base', label: 'Base' },
  { value: 'small', label: 'Small' },
  { value: 'large-v3', label: 'Large v3 — most accurate' },
];

const meta = {
  title: 'Inputs/Select',
  component: Select,
  decorators: [framed],
  args: { label: 'Model', options: models, defaultValue: 'base', onChange: fn() },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Model' });
    await expect(select).toHaveValue('base');
    await userEvent.selectOptions(select, 'large-v3');
    await expect(select).toHaveValue('large-v3');
    await expect(args.onChange).toHaveBeenCalledTimes(1);
  },
};

export const Placeholder: Story = {
  args: {
    defaultValue: '',
    placeholder: 'Choose a model',
    hint: 'Larger models are slower and cost the same.',
  },
};

export const WithError: Story = {
  args: {
    defaultValue: '',
    placeholder: 'Choose a language',
    label: 'Language',
    options: [{ value: 'en', label: 'English' }],
    error: 'Choose a language.',
  },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Language' });
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Choose a language.');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Model' })).toBeDisabled();
  },
};

export const LongText: Story = {
  args: {
    label: 'Timestamp style for the exported transcript',
    options: [
      {
        value: 'word',
        label: 'Word-level timestamps with confidence scores for every recognised word',
      },
    ],
    defaultValue: 'word',
  },
};
