import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { PublicStory } from '../../../test/PublicStory';
import { pageStates, signedOut } from '../../../test/pageStates';

/** Paths without a route (the footer's /guides, /status, …) end in the router's error view. */
const page = pageStates(PublicStory, '/guides', {}, signedOut);
const meta = { title: 'Public/Not found', ...page.meta } satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const UnknownPath: Story = page.populated(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { level: 1 }, { timeout: 5000 }),
  ).toHaveTextContent('Unexpected Application Error!');
  await expect(canvas.getByText('404 Not Found')).toBeVisible();
  await expect(canvas.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute(
    'href',
    '/',
  );
});
