import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { transcriptsHandlers } from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { pageStates } from '../../../test/pageStates';

const page = pageStates(DashboardStory, '/dashboard/playground', {
  transcripts: transcriptsHandlers,
});
const meta = { title: 'Dashboard/Playground', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = page.populated(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { name: 'Nothing transcribed yet' }),
  ).toBeInTheDocument();
  const model = await canvas.findByRole('combobox', { name: 'Model' });
  await expect(await within(model).findByRole('option', { name: /tiny\.en/ })).toBeInTheDocument();
  await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  await expect(canvas.getByRole('radio', { name: 'Segment' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(canvas.getByRole('button', { name: 'Transcribe' })).toBeDisabled();
});

async function submitUrl(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('radio', { name: 'From a URL' }));
  await userEvent.type(
    canvas.getByRole('textbox', { name: /Audio URL/ }),
    'https://media.example.com/recordings/new-upload.mp3',
  );
  await userEvent.click(canvas.getByRole('radio', { name: 'Word' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Transcribe' }));
  return canvas;
}

/** Submit a URL: the job is queued, then (next poll) completed with the transcript and the code. */
export const Transcribed: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = await submitUrl(canvasElement);
    await expect(
      await canvas.findByText(/thanks for joining the weekly standup/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Download SRT' })).toBeInTheDocument();
    const code = canvas.getByRole('tabpanel', { name: 'curl' });
    await expect(code).toHaveTextContent(
      "-F 'audio_url=https://media.example.com/recordings/new-upload.mp3'",
    );
    await expect(code).toHaveTextContent("-F 'timestamp_style=word'");
  },
};

export const StillQueued: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { transcripts: transcriptsHandlers.stillQueued } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await submitUrl(canvasElement);
    await expect(await canvas.findByText('2 jobs ahead of yours')).toBeInTheDocument();
  },
};

export const InsufficientCredits: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { transcripts: transcriptsHandlers.insufficientCredits } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await submitUrl(canvasElement);
    await expect(await canvas.findByText(/Insufficient credits/)).toBeInTheDocument();
  },
};

export const ModelsLoading: Story = page.loading(async (canvas) => {
  const model = await canvas.findByRole('combobox', { name: 'Model' });
  await expect(within(model).getByRole('option', { name: 'Loading models…' })).toBeInTheDocument();
});
