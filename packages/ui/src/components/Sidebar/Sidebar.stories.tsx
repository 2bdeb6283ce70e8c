import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FakeRouterLink, navigate } from '../../test/fakeRouterLink';
import { sampleDashboardNavigation } from '../../test/sampleNavigation';
import { Sidebar } from './Sidebar';

const meta = {
  title: 'Navigation/Sidebar',
  component: Sidebar,
  args: { ...sampleDashboardNavigation, activePath: '/dashboard/overview' },
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ height: '100vh', maxWidth: '240px' }}>{Story()}</div>],
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Dashboard' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    await expect(labels).toEqual([
      'Overview',
      'Usage',
      'Billing',
      'History',
      'API Keys',
      'Playground',
      'Account',
      'Support',
    ]);
    await expect(within(nav).getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  },
};

export const ApiKeysActive: Story = {
  args: { activePath: '/dashboard/api-keys' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'API Keys' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('link', { name: 'Overview' })).not.toHaveAttribute(
      'aria-current',
    );
  },
};

export const SettingsPageHasNoActiveItem: Story = {
  args: { activePath: '/dashboard/settings' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-current]')).toBeNull();
  },
};

export const MobileDrawer: Story = {
  globals: { viewport: { value: 'mobile' } },
  decorators: [(Story) => <div style={{ maxWidth: 'none' }}>{Story()}</div>],
  args: { linkComponent: FakeRouterLink },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Dashboard menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('link', { name: 'Usage' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(canvas.getByRole('link', { name: 'Usage' }));
    await expect(navigate).toHaveBeenLastCalledWith('/dashboard/usage');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  },
};
