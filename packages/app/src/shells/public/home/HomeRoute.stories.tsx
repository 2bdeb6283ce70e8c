import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { pageStates, signedOut } from '../../../test/pageStates';
import { errorRatePercent, measured } from './measured';

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
  // Our figure is English on the published evaluation set, and the paper's sits beside it,
  // labelled as not ours.
  const english = measured.accuracy.groups.filter((g) => g.language === 'en');
  const ours = canvas.getByText(`${errorRatePercent(english).toFixed(1)}%`);
  await expect(ours.previousElementSibling).toHaveTextContent(
    'word error rate on English speech we never built or tuned on',
  );
  const paper = canvas.getByText(`${measured.published.wordErrorRatePercent.toFixed(1)}%`);
  await expect(paper.previousElementSibling).toHaveTextContent(
    'published for tiny.en on LibriSpeech test-clean, not measured by us',
  );
  // Every language group, with what it was measured on.
  const byLanguage = canvas.getByRole('table', { name: 'Error rate by language' });
  await expect(within(byLanguage).getAllByRole('row')).toHaveLength(
    measured.accuracy.groups.length + 1,
  );
  const chinese = within(byLanguage).getByRole('row', { name: /Chinese/ });
  await expect(chinese).toHaveTextContent(/base\d+ characters, 3 clips\d+\.\d% CER/);
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
