import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { contactHandlers } from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { routeStoryParameters } from '../../../test/routeStoryParameters';

const meta = {
  title: 'Dashboard/Support',
  component: DashboardStory,
  args: { path: '/dashboard/support' },
  parameters: { ...routeStoryParameters },
} satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const question = await canvas.findByText('How am I charged for a transcription?');
    await userEvent.click(question);
    await expect(canvas.getByText(/a job that fails is never charged/)).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@example.com');
  },
};

export const MessageSent: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByRole('textbox', { name: 'Message' }),
      'My upload is stuck at 40%.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expect(await canvas.findByText(/We will answer at ada@example.com/)).toBeInTheDocument();
  },
};

export const SendFailure: Story = {
  parameters: { msw: { handlers: { contact: contactHandlers.invalid } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expect(await canvas.findByText('Enter a valid email address')).toBeInTheDocument();
  },
};
