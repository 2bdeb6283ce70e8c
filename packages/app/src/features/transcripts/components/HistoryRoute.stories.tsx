import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { transcriptsHandlers } from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { busy, pageStates, serverError } from '../../../test/pageStates';

const page = pageStates(DashboardStory, '/dashboard/history', { transcripts: transcriptsHandlers });
const meta = { title: 'Dashboard/History', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = page.populated(async (canvas) => {
  const table = await canvas.findByRole('table', { name: 'Transcriptions' });
  await expect(
    await within(table).findByRole('link', { name: 'weekly-standup-nov-19.m4a' }),
  ).toBeInTheDocument();
  await expect(within(table).getAllByRole('row')).toHaveLength(11);
  // 923 s of base: the exact price, not a whole cent.
  await expect(within(table).getByText('$0.04615')).toBeInTheDocument();
  await expect(canvas.getByRole('navigation', { name: 'Transcription pages' })).toBeInTheDocument();
  // Each row says when (day and time), where the audio came from and who sent it.
  const standup = within(table).getByRole('row', { name: /weekly-standup-nov-19\.m4a/ });
  await expect(standup).toHaveTextContent(/Yesterday, \d\d:\d\d/);
  await expect(standup).toHaveTextContent('URLProduction backend');
  await expect(within(table).getAllByText('Upload').length).toBeGreaterThan(0);
  await expect(within(table).getAllByText('Playground').length).toBeGreaterThan(0);
  // The account keeps audio 30 days: each finished row says when its audio goes.
  await expect(standup).toHaveTextContent(/Audio until \S+, \d\d:\d\d/);
  const running = within(table).getByRole('row', { name: /product-demo-walkthrough\.mp4/ });
  await expect(running).not.toHaveTextContent('Audio');
});

export const SecondPage: Story = {
  args: { path: '/dashboard/history?page=2' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('link', { name: 'team-retro-oct.m4a' }),
    ).toBeInTheDocument();
    // A live stream that fell behind says so in its row, in the transcript's words.
    await expect(canvas.getByText(/0:38–0:52 not transcribed/, { selector: 'p' })).toBeVisible();
    // Older than the account's 30 days: the audio is gone, the transcript stays.
    const retro = canvas.getByRole('row', { name: /team-retro-oct\.m4a/ });
    await expect(retro).toHaveTextContent('Audio deleted');
  },
};

/** Filters by status and searches by file name. */
export const Filtering: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await canvas.findByRole('link', { name: 'weekly-standup-nov-19.m4a' });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'error');
    await expect(
      await canvas.findByRole('link', { name: 'voicemail-0412.ogg' }),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'weekly-standup-nov-19.m4a' })).toBeNull();
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'all');
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Search transcriptions' }),
      'podcast{Enter}',
    );
    await expect(
      await canvas.findByRole('link', { name: 'podcast-ep42-final.wav' }),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'voicemail-0412.ogg' })).toBeNull();
  },
};

export const NoMatches: Story = {
  args: { path: '/dashboard/history?q=nothing-like-this' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('No transcriptions match these filters.'),
    ).toBeInTheDocument();
  },
};

export const Empty: Story = page.empty(async (canvas) =>
  expect(await canvas.findByText(/No transcriptions yet/)).toBeInTheDocument(),
);

export const Loading: Story = page.loading(busy('table', 'Transcriptions'));

export const Failure: Story = page.error(serverError());

export const FallbackMessage: Story = page.scenario('broken')(async (canvas) =>
  expect(await canvas.findByText('Failed to load transcriptions')).toBeInTheDocument(),
);
