import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { FakeRouterLink, navigate } from '../../test/fakeRouterLink';
import { sampleHeaderHrefs, sampleHeaderLinks } from '../../test/sampleNavigation';
import { Header } from './Header';
import { HEADER_SOLID_SCROLL_THRESHOLD } from './navigation';

const meta = {
  title: 'Navigation/Header',
  component: Header,
  args: { links: sampleHeaderLinks, hrefs: sampleHeaderHrefs, onLogout: fn() },
} satisfies Meta<typeof Header>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Docs', '/docs'],
      ['Blog', '/blog'],
    ]) {
      await expect(
        canvas.getAllByRole('link', { name }).find((l) => nav.contains(l)),
      ).toHaveAttribute('href', href);
    }
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(canvas.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(canvas.getByRole('link', { name: /Parlance/ })).toHaveAttribute('href', '/');
  },
};

export const SignedIn: Story = {
  args: { signedIn: true, currentPath: '/pricing' },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/overview',
    );
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Pricing' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Log Out' }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
  },
};

export const SolidAfterScroll: Story = {
  render: (args) => (
    <div style={{ minHeight: '2400px' }}>
      <Header {...args} />
      <p style={{ padding: '24px' }}>Scroll the page: the header turns solid after 10 px.</p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const header = canvasElement.querySelector('header')!;
    await expect(header).toHaveAttribute('data-solid', 'false');
    window.scrollTo(0, HEADER_SOLID_SCROLL_THRESHOLD);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(header).toHaveAttribute('data-solid', 'false');
    window.scrollTo(0, HEADER_SOLID_SCROLL_THRESHOLD + 40);
    await waitFor(() => expect(header).toHaveAttribute('data-solid', 'true'));
    window.scrollTo(0, 0);
    await waitFor(() => expect(header).toHaveAttribute('data-solid', 'false'));
  },
};

export const MobileMenu: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Menu' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const mobileNav = canvas.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Get Started Free' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toHaveFocus();
  },
};

export const WithRouterLinks: Story = {
  args: { linkComponent: FakeRouterLink },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Pricing' }));
    await expect(navigate).toHaveBeenLastCalledWith('/pricing');
  },
};
