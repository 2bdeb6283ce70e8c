import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { CopyField } from './CopyField';

const key = 'pk_live_7Hq2mX9cR4vT1bN8wK3sE6yL0aD5fG2j';

const meta = {
  title: 'Inputs/CopyField',
  component: CopyField,
  decorators: [framed],
  args: {
    label: 'Your new API key',
    value: key,
    warning: 'This key will not be shown again. Store it somewhere safe.',
  },
} satisfies Meta<typeof CopyField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NewSecret: Story = {
  play: async ({ canvas }) => {
    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    await expect(canvas.getByRole('textbox', { name: 'Your new API key' })).toHaveAttribute(
      'readonly',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copied' })).toBeVisible());
    await expect(written).toEqual([key]);
    await expect(canvas.getByRole('status')).toHaveTextContent('Copied to clipboard');
  },
};

export const CopyFails: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async () => Promise.reject(new Error('denied')) },
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Copy failed' })).toBeVisible());
  },
};

export const WithoutWarning: Story = {
  args: {
    label: 'Webhook signing secret',
    warning: undefined,
    hint: 'Use it to verify that requests come from Parlance.',
  },
};

export const SelectsOnFocus: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.tab();
    const input = canvas.getByRole<HTMLInputElement>('textbox');
    await expect(input).toHaveFocus();
    await expect(input.selectionEnd! - input.selectionStart!).toBe(key.length);
  },
};
