import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { authHandlers, billingHandlers, usageHandlers } from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { routeStoryParameters } from '../../../test/routeStoryParameters';

/**
 * The dashboard frame's session and Refresh all. Both stories start from a page that loaded, then
 * change what the server answers in their play (`msw.use`): their first render is the populated
 * page of another story, so they carry no visual reference of their own.
 */
const meta = {
  title: 'Dashboard/Shell',
  component: DashboardStory,
  args: { path: '/dashboard/overview' },
  parameters: { ...routeStoryParameters, visual: false },
} satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Several blocks fail to refresh: one toast names them all (one toast shows at a time). */
export const RefreshAllFailures: Story = {
  play: async ({ canvas, msw }) => {
    await canvas.findByText('342.5 min');
    msw.use(...usageHandlers.error, ...billingHandlers.error);
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh all' }));
    const toast = await canvas.findByRole('alert');
    await expect(toast).toHaveTextContent(
      'Failed to refresh stats, billing, transactions, spending and payment methods',
    );
    await expect(canvas.getAllByRole('alert')).toHaveLength(1);
  },
};

/**
 * The session check fails after the user was signed in (saving the profile re-checks it; the
 * server answers 500): the user counts as signed out although the earlier answer is still cached,
 * so the dashboard sends them to sign in and the header offers Sign In.
 */
export const SessionCheckFails: Story = {
  args: { path: '/dashboard/settings' },
  play: async ({ canvas, msw }) => {
    await canvas.findByRole('textbox', { name: 'Name' });
    msw.use(...authHandlers.error);
    await userEvent.click(canvas.getByRole('button', { name: 'Save profile' }));
    await canvas.findByRole('heading', { name: 'Sign in to Parlance' });
    await waitFor(() =>
      expect(canvas.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0),
    );
    await expect(canvas.queryByRole('button', { name: 'Log Out' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Dashboard' })).toBeNull();
  },
};
