import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { FakeRouterLink, navigate } from '../../test/fakeRouterLink';
import { Link } from './Link';

const meta = {
  title: 'Actions/Link',
  component: Link,
  decorators: [framed],
  args: { href: '#pricing', children: 'See pricing' },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Inline: Story = {
  render: (args) => (
    <p>
      Pay only for the minutes you transcribe. <Link {...args} />
    </p>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'See pricing' })).toHaveAttribute(
      'href',
      '#pricing',
    );
  },
};

export const Standalone: Story = {
  args: { variant: 'standalone', children: 'View all transcriptions' },
};
export const Muted: Story = { args: { variant: 'muted', children: 'Privacy' } };

export const External: Story = {
  args: { href: 'https://example.com/docs', external: true, children: 'API reference' },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: /^API reference\s*\(opens in a new tab\)$/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

export const WithLinkComponent: Story = {
  args: {
    href: '/dashboard/usage',
    linkComponent: FakeRouterLink,
    children: 'Usage',
    variant: 'standalone',
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Usage' }));
    await expect(navigate).toHaveBeenCalledWith('/dashboard/usage');
  },
};

export const LongText: Story = {
  args: {
    variant: 'inline',
    children:
      'Read how Parlance keeps your audio private and deletes uploaded files after thirty days of inactivity',
  },
};

export const KeyboardFocus: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'See pricing' })).toHaveFocus();
  },
};
