import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { authHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { routeStoryParameters } from '../../../test/routeStoryParameters';

/** Paths without a route (the footer's /guides, /status, …) end in the router's error view. */
const meta = {
  title: 'Public/Not found',
  component: PublicStory,
  args: { path: '/guides' },
  parameters: {
    ...routeStoryParameters,
    msw: { handlers: { auth: authHandlers.empty } },
  },
} satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const UnknownPath: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1 }, { timeout: 5000 }),
    ).toHaveTextContent('Unexpected Application Error!');
    await expect(canvas.getByText('404 Not Found')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
      'href',
      '/',
    );
  },
};
