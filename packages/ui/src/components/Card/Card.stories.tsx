import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../Button';
import { Card } from './Card';

const meta = {
  title: 'Display/Card',
  component: Card,
  args: {
    title: 'Recent transcriptions',
    description: 'The three most recent files you sent to the API.',
    children: 'interview-2026-11-02.mp3 was transcribed in 14 seconds.',
    style: { maxWidth: '480px', margin: '24px' },
  },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Recent transcriptions' })).toBeVisible();
  },
};

const onViewAll = fn();
export const WithActions: Story = {
  args: {
    actions: (
      <Button size="sm" variant="secondary" onClick={onViewAll}>
        View all
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'View all' }));
    await expect(onViewAll).toHaveBeenCalled();
  },
};

export const Untitled: Story = { args: { title: undefined, description: undefined } };

export const LongText: Story = {
  args: {
    title:
      'A very long card title that wraps onto a second line on narrow screens without breaking the layout',
    children:
      'Parlance keeps every transcript for 30 days. Long paragraphs wrap inside the card and never overflow its rounded border, even when the text contains long words like supercalifragilisticexpialidocious.',
  },
};
