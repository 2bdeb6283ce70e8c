import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PublicStory } from '../../../test/PublicStory';
import { pageStates, signedOut } from '../../../test/pageStates';

const page = pageStates(PublicStory, '/features', {}, signedOut);
const meta = { title: 'Public/Features', ...page.meta } satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = page.populated(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { level: 1 }, { timeout: 5000 }),
  ).toHaveTextContent('Everything you need to put speech recognition in production');
  await expect(canvas.getByRole('heading', { name: 'OpenAI-compatible endpoint' })).toBeVisible();
  // It leads with live streams and sells no model: Pricing lists the ones the server runs.
  const [first] = canvas.getAllByRole('heading', { level: 2 });
  await expect(first).toHaveTextContent('Live transcription over a WebSocket');
  const models = canvas.getByRole('heading', { name: 'The models this server runs' });
  await expect(
    within(models.parentElement as HTMLElement).getByRole('link', { name: 'Pricing' }),
  ).toHaveAttribute('href', '/pricing');
  await expect(canvas.getByRole('main')).not.toHaveTextContent(/large-v3|turbo|medium/);
  await expect(canvas.getByRole('link', { name: 'Open the demo' })).toHaveAttribute(
    'href',
    '/demo',
  );
});
