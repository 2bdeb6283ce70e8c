import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { SearchInput } from './SearchInput';

const meta = {
  title: 'Inputs/SearchInput',
  component: SearchInput,
  decorators: [framed],
  args: {
    label: 'Search transcriptions',
    placeholder: 'Search by file name',
    onSearch: fn(),
    onValueChange: fn(),
    debounceMs: 100,
  },
} satisfies Meta<typeof SearchInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas }) => {
    const box = canvas.getByRole('searchbox', { name: 'Search transcriptions' });
    await userEvent.type(box, 'call');
    await expect(args.onValueChange).toHaveBeenCalledTimes(4);
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('call'));
    // Debounced: one search for four keystrokes.
    await expect(args.onSearch).toHaveBeenCalledTimes(1);
  },
};

export const WithValue: Story = {
  args: { defaultValue: 'interview' },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    const box = canvas.getByRole('searchbox');
    await expect(box).toHaveValue('');
    await expect(box).toHaveFocus();
    await expect(args.onSearch).toHaveBeenCalledWith('');
    await expect(canvas.queryByRole('button', { name: 'Clear search' })).toBeNull();
  },
};

export const EnterSearchesAtOnce: Story = {
  parameters: { visual: false },
  args: { debounceMs: 10_000 },
  play: async ({ args, canvas }) => {
    await userEvent.type(canvas.getByRole('searchbox'), 'meeting{Enter}');
    await expect(args.onSearch).toHaveBeenCalledWith('meeting');
  },
};

export const EscapeClears: Story = {
  parameters: { visual: false },
  args: { defaultValue: 'podcast' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('searchbox'));
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('searchbox')).toHaveValue('');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'podcast' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('searchbox')).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Clear search' })).toBeNull();
  },
};
