import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { PublicStory } from '../../../test/PublicStory';
import { pageStates, signedOut } from '../../../test/pageStates';

const page = pageStates(PublicStory, '/blog', {}, signedOut);
const meta = { title: 'Public/Blog', ...page.meta } satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = page.populated(async (canvas) => {
  const links = await canvas.findAllByRole(
    'link',
    { name: /Introducing Parlance|How we measure accuracy|Migrating/ },
    { timeout: 5000 },
  );
  await expect(links.map((link) => link.textContent)).toEqual([
    'Migrating from the OpenAI transcription API',
    'How we measure accuracy',
    'Introducing Parlance: speech to text you can build on',
  ]);
  await userEvent.click(links[1]!);
  await expect(
    await canvas.findByRole('heading', { level: 1, name: 'How we measure accuracy' }),
  ).toBeVisible();
});

export const Post: Story = {
  args: { path: '/blog/migrating-from-openai' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { level: 1, name: 'Migrating from the OpenAI transcription API' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'What differs' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'pricing page' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(canvas.getAllByText(/baseURL/)[0]).toBeVisible();
  },
};

export const UnknownPost: Story = {
  args: { path: '/blog/roadmap' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole(
        'heading',
        { name: 'Unexpected Application Error!' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    await expect(canvas.getByText('404 Not Found')).toBeVisible();
  },
};
