import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import {
  billingHandlers,
  configHandlers,
  transcriptsHandlers,
  usageHandlers,
} from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { busy, pageStates, serverError } from '../../../test/pageStates';

const page = pageStates(DashboardStory, '/dashboard/overview', {
  usage: usageHandlers,
  transcripts: transcriptsHandlers,
  billing: billingHandlers,
});
const meta = { title: 'Dashboard/Overview', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = page.populated(async (canvas) => {
  await expect(await canvas.findByText('342.5 min')).toBeInTheDocument();
  // The balance, down to the cent ($42.153817 on Billing): never more than there is.
  await waitFor(() =>
    expect(canvas.getByRole('region', { name: 'Balance' })).toHaveTextContent('$42.15'),
  );
  await expect(canvas.getByRole('region', { name: 'Balance' })).not.toHaveTextContent('$42.16');
  await expect(canvas.getByText('$1.7125')).toBeInTheDocument();
  await expect(canvas.getByText('128')).toBeInTheDocument();
  const recent = await canvas.findByRole('link', { name: 'weekly-standup-nov-19.m4a' });
  await expect(recent).toHaveAttribute(
    'href',
    '/dashboard/history/7d3e8f20-4a1b-4c5d-9e6f-000000000002',
  );
  await expect(canvas.getByText('Yesterday')).toBeInTheDocument();
  await expect(canvas.getByText('3 days ago')).toBeInTheDocument();
  await expect(canvas.getByText('15:23')).toBeInTheDocument();
});

/** A deployment that opted into test payments (ALLOW_TEST_PAYMENTS): every dashboard page says so. */
export const TestMode: Story = {
  parameters: { msw: { handlers: { config: configHandlers.testPayments } } },
  play: async ({ canvas }) => {
    const notice = await canvas.findByRole('alert');
    await expect(notice).toHaveTextContent('Test mode');
    await expect(notice).toHaveTextContent('pay with the card 4242 4242 4242 4242');
  },
};

export const Empty: Story = page.empty(async (canvas) => {
  await expect(await canvas.findByText('0 min')).toBeInTheDocument();
  await waitFor(() =>
    expect(canvas.getByRole('region', { name: 'Balance' })).toHaveTextContent('$0.00'),
  );
  await expect(await canvas.findByText(/No transcriptions yet/)).toBeInTheDocument();
  // Six months without a minute: an empty state, not a chart of zeros (its block loads apart).
  await expect(await canvas.findByText('Nothing to chart')).toBeInTheDocument();
});

export const Loading: Story = page.loading(busy('region', 'Total usage'));

export const Failure: Story = page.error(
  // The three blocks fail independently: wait until all three show their error.
  serverError(3, { timeout: 5000 }),
  async (canvas) =>
    expect(
      canvas.getAllByRole('button', { name: /Retry|Try again/ }).length,
    ).toBeGreaterThanOrEqual(3),
);

/** Errors without the server's message: the spec's fallback texts. */
export const FallbackMessages: Story = page.scenario('broken')(async (canvas) => {
  await expect(await canvas.findByText('Failed to load stats')).toBeInTheDocument();
  await expect(await canvas.findByText('Failed to load chart data')).toBeInTheDocument();
  await expect(await canvas.findByText('Failed to load transcriptions')).toBeInTheDocument();
});

/** The recent transcriptions fail; stats and chart still load. */
export const PartialFailure: Story = {
  parameters: { msw: { handlers: { transcripts: transcriptsHandlers.error } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('342.5 min')).toBeInTheDocument();
    await expect(await canvas.findByText(/Something went wrong on our side/)).toBeInTheDocument();
  },
};

/** The stats fail alone. */
export const StatsFailure: Story = {
  parameters: { msw: { handlers: { usage: usageHandlers.overviewError } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('Usage statistics are temporarily unavailable.'),
    ).toBeInTheDocument();
    await expect(
      await canvas.findByRole('link', { name: 'weekly-standup-nov-19.m4a' }),
    ).toBeInTheDocument();
  },
};
