import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { FileDrop } from './FileDrop';

const MB = 1024 * 1024;
const audio = (name: string, bytes: number, type = 'audio/mpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

/** The hidden file input the zone opens. */
const fileInput = (root: HTMLElement) =>
  root.querySelector<HTMLInputElement>('input[type="file"]')!;

/** Drops files the way a browser does, with a real DataTransfer. */
function drop(target: Element, files: File[]) {
  const dataTransfer = new DataTransfer();
  files.forEach((file) => dataTransfer.items.add(file));
  target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }));
}

const meta = {
  title: 'Inputs/FileDrop',
  component: FileDrop,
  decorators: [framed],
  args: { label: 'Audio file', maxSizeBytes: 25 * MB, onFileChange: fn() },
} satisfies Meta<typeof FileDrop>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    const zone = canvas.getByRole('button', { name: /Audio file/ });
    await expect(zone).toHaveAccessibleDescription('MP3, WAV, M4A, FLAC, OGG, WEBM · up to 25 MB');
  },
};

export const ChooseByClick: Story = {
  parameters: { visual: false },
  play: async ({ args, canvas, canvasElement }) => {
    const input = fileInput(canvasElement);
    const picker = new Promise((resolve) =>
      input.addEventListener('click', resolve, { once: true }),
    );
    input.addEventListener('click', (event) => event.preventDefault(), { once: true });
    await userEvent.click(canvas.getByRole('button', { name: /Audio file/ }));
    await expect(picker).resolves.toBeDefined();
    await userEvent.upload(input, audio('standup-2026-11-02.mp3', 3_456_789));
    await expect(args.onFileChange).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'standup-2026-11-02.mp3' }),
    );
    await expect(canvas.getByText('standup-2026-11-02.mp3')).toBeVisible();
    await expect(canvas.getByText('3.3 MB')).toBeVisible();
  },
};

export const KeyboardOpensPicker: Story = {
  parameters: { visual: false },
  play: async ({ canvas, canvasElement }) => {
    const input = fileInput(canvasElement);
    let opened = 0;
    input.addEventListener('click', (event) => {
      event.preventDefault();
      opened += 1;
    });
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: /Audio file/ })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    await waitFor(() => expect(opened).toBe(2));
  },
};

export const DropAudio: Story = {
  parameters: { visual: false },
  play: async ({ args, canvas }) => {
    const zone = canvas.getByRole('button', { name: /Audio file/ });
    drop(zone, [audio('interview.wav', 2048, 'audio/wav')]);
    await expect(args.onFileChange).toHaveBeenCalledTimes(1);
    await expect(await canvas.findByText('interview.wav')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove interview.wav' }));
    await expect(args.onFileChange).toHaveBeenLastCalledWith(null);
    await expect(canvas.queryByText('interview.wav')).toBeNull();
  },
};

export const RejectsWrongType: Story = {
  parameters: { visual: false },
  play: async ({ args, canvas }) => {
    const zone = canvas.getByRole('button', { name: /Audio file/ });
    drop(zone, [new File(['hi'], 'notes.txt', { type: 'text/plain' })]);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      '“notes.txt” is not a supported file. Use MP3, WAV, M4A, FLAC, OGG, WEBM.',
    );
    await expect(args.onFileChange).not.toHaveBeenCalled();
  },
};

export const RejectsTooLarge: Story = {
  args: { maxSizeBytes: 1 * MB },
  play: async ({ args, canvas }) => {
    const zone = canvas.getByRole('button', { name: /Audio file/ });
    drop(zone, [audio('podcast.mp3', 2 * MB)]);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      '“podcast.mp3” is 2 MB; the limit is 1 MB.',
    );
    await expect(args.onFileChange).not.toHaveBeenCalled();
  },
};

export const Selected: Story = {
  args: {
    value: audio(
      'customer-call-2026-11-02-very-long-recording-name-from-the-phone-system.m4a',
      14_200_000,
      'audio/mp4',
    ),
  },
};

export const WithError: Story = {
  args: { error: 'The upload failed. Check your connection and try again.' },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Audio file/ })).toBeDisabled();
  },
};
