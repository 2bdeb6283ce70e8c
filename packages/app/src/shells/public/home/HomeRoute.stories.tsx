import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { authHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { pageStates, signedOut } from '../../../test/pageStates';
import { measured } from './measured';

const page = pageStates(PublicStory, '/', {}, signedOut);
const meta = { title: 'Public/Home', ...page.meta } satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = page.populated(async (canvas) => {
  await expect(
    await canvas.findByRole(
      'heading',
      { level: 1, name: 'Speech to text that developers trust' },
      { timeout: 5000 },
    ),
  ).toBeVisible();
  await expect(canvas.getByRole('link', { name: 'Get started free' })).toHaveAttribute(
    'href',
    '/register',
  );
  // Our figure is the held-out one, and the paper's sits beside it, labelled as not ours.
  const ours = canvas.getByText(`${measured.heldOut.wordErrorRatePercent.toFixed(1)}%`);
  await expect(ours.previousElementSibling).toHaveTextContent(
    'word error rate on speech we never built or tuned on',
  );
  const paper = canvas.getByText(`${measured.published.wordErrorRatePercent.toFixed(1)}%`);
  await expect(paper.previousElementSibling).toHaveTextContent(
    'published for tiny.en on LibriSpeech test-clean, not measured by us',
  );
  await expect(canvas.getByText(/1 clip held out from building and tuning/)).toBeVisible();
  await expect(canvas.getByText('13×')).toBeVisible();
  await expect(canvas.getByText('npm run bench:asr')).toBeVisible();
  await userEvent.click(canvas.getByRole('tab', { name: 'Python' }));
  await expect(canvas.getByRole('tabpanel')).toHaveTextContent('import os, time, requests');
});

export const SignedIn: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.default } } },
  play: async ({ canvas }) => {
    await waitFor(
      () =>
        expect(canvas.getAllByRole('link', { name: 'Dashboard' })[0]).toHaveAttribute(
          'href',
          '/dashboard/overview',
        ),
      {
        timeout: 5000,
      },
    );
    await userEvent.click(canvas.getAllByRole('button', { name: 'Log Out' })[0]!);
    await waitFor(() =>
      expect(canvas.getAllByRole('link', { name: 'Sign In' })[0]).toBeInTheDocument(),
    );
  },
};
