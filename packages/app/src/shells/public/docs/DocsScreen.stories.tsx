import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { paths, tags } from '@parlance/contract/openapi.json';
import { DocsScreen } from './DocsScreen';
import { groupOperations } from './operations';

const meta = {
  title: 'Public/Docs',
  component: DocsScreen,
  args: { apiBase: 'https://api.parlance.example', reference: groupOperations(paths, tags) },
} satisfies Meta<typeof DocsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'API documentation' }),
    ).toBeVisible();
    const quickStart = canvas.getAllByRole('tabpanel')[0]!;
    await expect(quickStart).toHaveTextContent('curl https://api.parlance.example/v1/transcript');
    await userEvent.click(canvas.getAllByRole('tab', { name: 'Python' })[0]!);
    await expect(canvas.getAllByRole('tabpanel')[0]).toHaveTextContent(
      'requests.post("https://api.parlance.example/v1/transcript"',
    );
    await expect(canvas.getByRole('tablist', { name: 'Verify a webhook' })).toBeVisible();
    await expect(
      canvas.getByText('/v1/audio/transcriptions', { selector: 'li code' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'interactive reference' })).toHaveAttribute(
      'href',
      '/api/reference',
    );
  },
};
