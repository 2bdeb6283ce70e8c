import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { usageHandlers } from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { pageStates } from '../../../test/pageStates';

const page = pageStates(DashboardStory, '/dashboard/usage', { usage: usageHandlers });
const meta = { title: 'Dashboard/Usage', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = page.populated(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { name: 'Spending, last 30 days' }),
  ).toBeInTheDocument();
  await expect(canvas.getByRole('radio', { name: '30d' })).toHaveAttribute('aria-checked', 'true');
  await expect(
    await canvas.findByRole('table', { name: 'Transcriptions charged in this range' }),
  ).toBeInTheDocument();
  // Usage by source: each key (its live streams apart) and the playground.
  const sources = await canvas.findByRole('table', { name: 'Usage by source in this range' });
  await within(sources).findByText('Staging');
  const rows = within(sources).getAllByRole('row').slice(1);
  await expect(rows.map((row) => row.textContent)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^Production backendFile/),
      expect.stringMatching(/^Production backendLive/),
      expect.stringMatching(/^PlaygroundFile/),
      expect.stringMatching(/^StagingFile/),
    ]),
  );
  await expect(rows).toHaveLength(4);
  const exported = canvas.getByRole('link', { name: "Export CSV of this range's charged jobs" });
  await expect(exported.getAttribute('href')).toMatch(
    /^\/api\/usage\/spending\.csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&tz=/,
  );
  await expect(exported).toHaveAttribute('download');
});

export const SevenDays: Story = {
  args: { path: '/dashboard/usage?range=7d' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Spending, last 7 days' }),
    ).toBeInTheDocument();
  },
};

/** Picking another range loads that range. */
export const ChangingRange: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('radio', { name: '90d' }));
    await expect(
      await canvas.findByRole('heading', { name: 'Spending, last 90 days' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(canvas.getByRole('radio', { name: '90d' })).toHaveAttribute('aria-checked', 'true'),
    );
  },
};

export const Empty: Story = page.empty(async (canvas) => {
  await expect(await canvas.findByText('Nothing charged in this range.')).toBeInTheDocument();
  await expect(canvas.getByText('$0.00')).toBeInTheDocument();
});

export const Loading: Story = page.loading(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { name: 'Spending, last 30 days' }),
  ).toBeInTheDocument();
  await expect(canvas.queryByText('Spent')).toBeNull();
});

export const Failure: Story = page.scenario('spendingError')(async (canvas) => {
  await expect(
    (await canvas.findAllByText('Spending data is temporarily unavailable.')).length,
  ).toBeGreaterThan(0);
  await expect(canvas.getAllByRole('button', { name: /Retry|Try again/ }).length).toBeGreaterThan(
    0,
  );
});

export const FallbackMessage: Story = page.scenario('broken')(async (canvas) => {
  await expect((await canvas.findAllByText('Failed to load spending data')).length).toBeGreaterThan(
    0,
  );
});
