import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { paths, tags } from '@parlance/contract/openapi.json';
import { DocsScreen } from './DocsScreen';
import { groupOperations } from './operations';

const meta = {
  title: 'Public/Docs',
  component: DocsScreen,
  args: {
    apiBase: 'https://api.parlance.example',
    reference: groupOperations(paths, tags),
    signupCredit: '$5.00',
  },
} satisfies Meta<typeof DocsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'API documentation' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(/starts with \$5\.00 of free credit once its e-mail is verified/),
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

/** A server that gives new accounts no credit: the quick start says to add some. */
export const NoSignupCredit: Story = {
  args: { signupCredit: null },
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/add credit and create a key/)).toBeVisible();
    await expect(canvas.queryByText(/free credit/)).toBeNull();
  },
};
