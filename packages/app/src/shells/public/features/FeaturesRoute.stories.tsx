import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { authHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { routeStoryParameters } from '../../../test/routeStoryParameters';

const meta = {
  title: 'Public/Features',
  component: PublicStory,
  args: { path: '/features' },
  parameters: {
    ...routeStoryParameters,
    msw: { handlers: { auth: authHandlers.empty } },
  },
} satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1 }, { timeout: 5000 }),
    ).toHaveTextContent('Everything you need to put speech recognition in production');
    await expect(canvas.getByRole('heading', { name: 'OpenAI-compatible endpoint' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Open the demo' })).toHaveAttribute(
      'href',
      '/demo',
    );
  },
};
