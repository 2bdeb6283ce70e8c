import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ClockIcon, RefreshIcon } from '../../icons';
import { sampleDashboardNavigation } from '../../test/sampleNavigation';
import { Avatar } from '../Avatar';
import { Button } from '../Button';
import { StatCard } from '../StatCard';
import { DashboardLayout } from './DashboardLayout';

const onRefresh = fn();

function OverviewContent() {
  return (
    <div
      style={{
        display: 'grid',
        gap: '16px',
        gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
      }}
    >
      <StatCard
        label="Total usage"
        value="1,284 min"
        change="+12.5% from last month"
        trend="up"
        icon={<ClockIcon />}
      />
      <StatCard label="Total cost" value="$42.18" change="This billing period" />
      <StatCard label="Files transcribed" value="86" change="-4 from last month" trend="down" />
    </div>
  );
}

const meta = {
  title: 'Layout/DashboardLayout',
  component: DashboardLayout,
  args: {
    navigation: sampleDashboardNavigation,
    title: 'Overview',
    activePath: '/dashboard/overview',
    actions: (
      <Button variant="secondary" size="sm" icon={<RefreshIcon />} onClick={onRefresh}>
        Refresh
      </Button>
    ),
    userMenu: <Avatar name="Ada Lovelace" size="sm" />,
    children: <OverviewContent />,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof DashboardLayout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Overview' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('main')).toHaveTextContent('1,284 min');
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh' }));
    await expect(onRefresh).toHaveBeenCalled();
  },
};

export const NoActions: Story = {
  args: {
    title: 'API Keys',
    activePath: '/dashboard/api-keys',
    actions: undefined,
    userMenu: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'API Keys' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

export const LongTitle: Story = {
  args: { title: 'Transcription history for every API key and the Playground, newest first' },
};
