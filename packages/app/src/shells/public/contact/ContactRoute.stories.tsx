import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { authHandlers, contactHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { pageStates, signedOut } from '../../../test/pageStates';

const page = pageStates(PublicStory, '/contact', {}, signedOut);
const meta = { title: 'Public/Contact', ...page.meta } satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

const send = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Name', {}, { timeout: 5000 }), 'Ada Lovelace');
  await userEvent.type(canvas.getByLabelText('Email'), 'ada@example.com');
  await userEvent.type(
    canvas.getByLabelText('Message'),
    'We transcribe 300 hours a month. Can we talk volume?',
  );
  await userEvent.click(canvas.getByRole('button', { name: 'Send message' }));
  return canvas;
};

export const Idle: Story = page.populated(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { level: 1 }, { timeout: 5000 }),
  ).toHaveTextContent('Talk to the people who build Parlance');
  await expect(canvas.getByRole('button', { name: 'Send message' })).toBeEnabled();
});

export const Sending: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { auth: authHandlers.empty, contact: contactHandlers.slow } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement);
    await expect(await canvas.findByRole('button', { name: /Sending/ })).toBeDisabled();
  },
};

export const Sent: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'We will answer at ada@example.com.',
    );
  },
};

export const Rejected: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { auth: authHandlers.empty, contact: contactHandlers.invalid } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Enter a valid email address');
  },
};

export const ServerError: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { auth: authHandlers.empty, contact: contactHandlers.error } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await send(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side',
    );
  },
};
