import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { contactHandlers } from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { pageStates } from '../../../test/pageStates';

const page = pageStates(DashboardStory, '/dashboard/support');
const meta = { title: 'Dashboard/Support', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = page.populated(async (canvas) => {
  const question = await canvas.findByText('How am I charged for a transcription?');
  await userEvent.click(question);
  await expect(canvas.getByText(/a job that fails is never charged/)).toBeVisible();
  await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveValue('ada@example.com');
});

export const MessageSent: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
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
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByRole('textbox', { name: 'Message' }), 'Hello');
    await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
    await expect(await canvas.findByText('Enter a valid email address')).toBeInTheDocument();
  },
};
