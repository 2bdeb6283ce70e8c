import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { Button } from '../Button';
import { PageTransition } from './PageTransition';

const pages = ['Features', 'Pricing', 'Blog'] as const;

/** Switches between three fake pages the way route changes would. */
function Demo({ variant }: { variant: 'fade' | 'slide' }) {
  const [page, setPage] = useState<(typeof pages)[number]>('Features');
  return (
    <div style={{ padding: '24px', display: 'grid', gap: '16px' }}>
      <div style={{ display: 'flex', gap: '8px' }}>
        {pages.map((name) => (
          <Button
            key={name}
            size="sm"
            variant={name === page ? 'primary' : 'secondary'}
            onClick={() => setPage(name)}
          >
            {name}
          </Button>
        ))}
      </div>
      <PageTransition transitionKey={page} variant={variant}>
        <h1 style={{ margin: 0 }}>{page}</h1>
        <p>Each route change plays a short entrance; reduced-motion users get none.</p>
      </PageTransition>
    </div>
  );
}

const meta = {
  title: 'Layout/PageTransition',
  component: Demo,
  args: { variant: 'slide' },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Slide: Story = {
  play: async ({ canvas }) => {
    const before = canvas.getByRole('heading', { name: 'Features' }).parentElement;
    await expect(before).toHaveAttribute('data-animate', 'false');
    await userEvent.click(canvas.getByRole('button', { name: 'Pricing' }));
    const after = canvas.getByRole('heading', { name: 'Pricing' }).parentElement;
    await expect(after).not.toBe(before);
    await expect(after).toHaveAttribute('data-animate', 'true');
  },
};

export const Fade: Story = { args: { variant: 'fade' } };
