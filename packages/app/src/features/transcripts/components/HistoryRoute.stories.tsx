import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { transcriptsHandlers } from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { routeStoryParameters } from '../../../test/routeStoryParameters';

const meta = {
  title: 'Dashboard/History',
  component: DashboardStory,
  args: { path: '/dashboard/history' },
  parameters: { ...routeStoryParameters },
} satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Transcriptions' });
    await expect(
      await within(table).findByRole('link', { name: 'weekly-standup-nov-19.m4a' }),
    ).toBeInTheDocument();
    await expect(within(table).getAllByRole('row')).toHaveLength(11);
    // 923 s of base: the exact price, not a whole cent.
    await expect(within(table).getByText('$0.04615')).toBeInTheDocument();
    await expect(
      canvas.getByRole('navigation', { name: 'Transcription pages' }),
    ).toBeInTheDocument();
  },
};

export const SecondPage: Story = {
  args: { path: '/dashboard/history?page=2' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('link', { name: 'team-retro-oct.m4a' }),
    ).toBeInTheDocument();
  },
};

/** Filters by status and searches by file name. */
export const Filtering: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
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
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('No transcriptions match these filters.'),
    ).toBeInTheDocument();
  },
};

export const Empty: Story = {
  parameters: { msw: { handlers: { transcripts: transcriptsHandlers.empty } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/No transcriptions yet/)).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { transcripts: transcriptsHandlers.slow } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Transcriptions' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Failure: Story = {
  parameters: { msw: { handlers: { transcripts: transcriptsHandlers.error } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Something went wrong on our side/)).toBeInTheDocument();
  },
};

export const FallbackMessage: Story = {
  parameters: { msw: { handlers: { transcripts: transcriptsHandlers.broken } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Failed to load transcriptions')).toBeInTheDocument();
  },
};
