import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import {
  sampleFooterColumns,
  sampleHeaderHrefs,
  sampleHeaderLinks,
} from '../../test/sampleNavigation';
import { Button } from '../Button';
import { PublicLayout } from './PublicLayout';

function Hero() {
  return (
    <section style={{ maxWidth: '1200px', margin: '0 auto', padding: '64px 24px' }}>
      <h1 style={{ fontSize: '44px', margin: '0 0 16px' }}>Speech to text for developers</h1>
      <p style={{ maxWidth: '56ch', fontSize: '18px' }}>
        Send audio, get accurate transcripts with timestamps in seconds. One API, fair per-minute
        pricing.
      </p>
      <Button size="lg">Get started free</Button>
    </section>
  );
}

const meta = {
  title: 'Layout/PublicLayout',
  component: PublicLayout,
  args: {
    links: sampleHeaderLinks,
    hrefs: sampleHeaderHrefs,
    footerColumns: sampleFooterColumns,
    children: <Hero />,
    footerYear: 2026,
    transitionKey: '/',
    onLogout: fn(),
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PublicLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toBeVisible();
    await expect(canvas.getByRole('main')).toHaveTextContent('Speech to text for developers');
    await expect(canvas.getByRole('contentinfo')).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
  },
};

export const SignedIn: Story = {
  args: { signedIn: true },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Log Out' }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};
