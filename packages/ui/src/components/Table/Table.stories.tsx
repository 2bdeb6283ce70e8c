import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { StatusPill } from '../StatusPill';
import { StaticTable } from './StaticTable';
import { Table, type TableColumn, type TableProps, type TableSort } from './Table';

interface Job {
  id: string;
  file: string;
  createdAt: string;
  status: string;
  minutes: number;
}

const jobs: Job[] = [
  {
    id: 'tr_01',
    file: 'interview-ada.mp3',
    createdAt: '2026-11-20',
    status: 'completed',
    minutes: 14,
  },
  {
    id: 'tr_02',
    file: 'standup-monday.wav',
    createdAt: '2026-11-18',
    status: 'processing',
    minutes: 9,
  },
  {
    id: 'tr_03',
    file: 'podcast-episode-12.m4a',
    createdAt: '2026-11-12',
    status: 'error',
    minutes: 52,
  },
  { id: 'tr_04', file: 'voice-note.ogg', createdAt: '2026-11-02', status: 'queued', minutes: 1 },
];

const columns: TableColumn<Job>[] = [
  { key: 'file', header: 'File', sortable: true },
  { key: 'createdAt', header: 'Date', sortable: true },
  { key: 'status', header: 'Status', render: (job) => <StatusPill status={job.status} /> },
  { key: 'minutes', header: 'Minutes', align: 'end', sortable: true },
];

function sortJobs(rows: Job[], sort: TableSort | undefined) {
  if (!sort) return rows;
  const key = sort.key as keyof Job;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => (a[key] < b[key] ? -sign : a[key] > b[key] ? sign : 0));
}

/** A table that sorts its rows the way an app container would. */
function SortableTable(props: TableProps<Job>) {
  const [sort, setSort] = useState<TableSort | undefined>(props.sort);
  return (
    <Table
      {...props}
      rows={sortJobs([...props.rows], sort)}
      sort={sort}
      onSortChange={(next) => {
        props.onSortChange?.(next);
        setSort(next);
      }}
    />
  );
}

const meta = {
  title: 'Display/Table',
  component: Table<Job>,
  args: {
    columns,
    rows: jobs,
    getRowKey: (job: Job) => job.id,
    caption: 'Recent transcriptions',
    onSortChange: fn(),
  },
  render: (args) => <SortableTable {...args} />,
  decorators: [(Story) => <div style={{ padding: '24px' }}>{Story()}</div>],
} satisfies Meta<typeof Table<Job>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Recent transcriptions' })).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(jobs.length + 1);
  },
};

export const Sorting: Story = {
  play: async ({ args, canvas }) => {
    const header = canvas.getByRole('columnheader', { name: /Minutes/ });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(canvas.getByRole('button', { name: /Minutes/ }));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(canvas.getAllByRole('row')[1]).toHaveTextContent('voice-note.ogg');
    await userEvent.click(canvas.getByRole('button', { name: /Minutes/ }));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(canvas.getAllByRole('row')[1]).toHaveTextContent('podcast-episode-12.m4a');
    await expect(args.onSortChange).toHaveBeenLastCalledWith({
      key: 'minutes',
      direction: 'descending',
    });
  },
};

export const ClickableRows: Story = {
  args: { onRowClick: fn() },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByText('standup-monday.wav'));
    await expect(args.onRowClick).toHaveBeenCalledWith(jobs[1]);
    const row = canvas.getAllByRole('row')[3]!;
    row.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowClick).toHaveBeenLastCalledWith(jobs[2]);
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getAllByTestId('skeleton-row')).toHaveLength(5);
  },
};

export const Empty: Story = {
  args: { rows: [], emptyMessage: 'No transcriptions yet. Upload a file to get started.' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('No transcriptions yet. Upload a file to get started.'),
    ).toBeVisible();
  },
};

export const ErrorRow: Story = {
  args: { error: 'Failed to load transcriptions', onRetry: fn() },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load transcriptions');
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const LongText: Story = {
  args: {
    rows: [
      {
        id: 'tr_long',
        file: 'quarterly-all-hands-recording-with-questions-and-answers-from-every-regional-office.mp3',
        createdAt: '2026-11-21',
        status: 'completed',
        minutes: 184,
      },
      ...jobs,
    ],
  },
};

/** In a phone-wide container each row is a list of labelled values, and the header sorts. */
export const Narrow: Story = {
  decorators: [(Story) => <div style={{ width: '320px' }}>{Story()}</div>],
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Recent transcriptions' });
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth);
    const cell = canvas.getAllByRole('cell')[0]!;
    await expect(getComputedStyle(cell).display).toBe('grid');
    await expect(getComputedStyle(cell, '::before').content).toBe('"File" / ""');
    await expect(cell.getBoundingClientRect().width).toBeGreaterThan(0);
    // The rows keep their table roles, and the sortable columns their buttons.
    await expect(canvas.getAllByRole('row')).toHaveLength(jobs.length + 1);
    await userEvent.click(canvas.getByRole('button', { name: /Minutes/ }));
    await expect(canvas.getAllByRole('row')[1]).toHaveTextContent('voice-note.ogg');
    // A column that does not sort has no place on screen in the header (its label is on each
    // row), but keeps its header for screen readers.
    await expect(canvas.getByRole('columnheader', { name: /Minutes/ })).toBeVisible();
    const status = canvas.getByRole('columnheader', { name: 'Status' });
    await expect(status.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

/** StaticTable: the rows as they are, for a page with no loading, errors or sorting to show. */
export const Static: Story = {
  render: (args) => <StaticTable {...args} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Recent transcriptions' })).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(jobs.length + 1);
    // Its headers are labels, not sort buttons, and its rows are not buttons either.
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.getAllByRole('row')[1]).not.toHaveAttribute('tabindex');
  },
};
