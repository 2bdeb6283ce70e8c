import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { FakeRouterLink, navigate } from '../../test/fakeRouterLink';
import { sampleFooterColumns } from '../../test/sampleNavigation';
import { Footer } from './Footer';
import { FOOTER_TAGLINE } from './tagline';

const meta = {
  title: 'Navigation/Footer',
  component: Footer,
  args: { columns: sampleFooterColumns, year: 2026 },
} satisfies Meta<typeof Footer>;
export default meta;
type Story = StoryObj<typeof meta>;

const required = [
  '/docs',
  '/guides',
  '/status',
  '/about',
  '/careers',
  '/privacy',
  '/terms',
  '/blog/roadmap',
  '/features',
  '/pricing',
  '/demo',
  '/blog',
  '/contact',
];

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(FOOTER_TAGLINE)).toBeVisible();
    const hrefs = canvas.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const href of required) await expect(hrefs).toContain(href);
    await expect(canvas.getByText('© 2026 Parlance. All rights reserved.')).toBeVisible();
  },
};

export const WithRouterLinks: Story = {
  args: { linkComponent: FakeRouterLink },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Roadmap' }));
    await expect(navigate).toHaveBeenLastCalledWith('/blog/roadmap');
  },
};
