import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { Button } from '../Button';
import { TOAST_DURATION_MS } from './rules';
import { toast } from './showToast';
import { ToastCard, ToastViewport } from './Toast';

const meta = {
  title: 'Feedback/Toast',
  component: ToastCard,
  decorators: [framed],
  args: { variant: 'success', message: 'Your API key was created.' },
} satisfies Meta<typeof ToastCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Variants: Story = {
  render: () => (
    <>
      <ToastCard
        variant="success"
        title="Transcription complete"
        message="interview.mp3 is ready to read."
        onClose={() => {}}
      />
      <ToastCard variant="info" message="Spending data refreshes every hour." onClose={() => {}} />
      <ToastCard
        variant="warning"
        title="Low balance"
        message="You have 2.40 USD of credits left."
        onClose={() => {}}
      />
      <ToastCard
        variant="destructive"
        title="Something went wrong"
        message="Failed to load billing info"
        onClose={() => {}}
      />
    </>
  ),
};

export const LongText: Story = {
  args: {
    variant: 'destructive',
    title: 'Upload failed',
    message:
      'customer-call-2026-11-02-very-long-recording-name-from-the-phone-system.m4a could not be uploaded because the connection was reset.',
  },
};

const toasts = () => Array.from(document.querySelectorAll('.Toastify__toast'));

/** A live viewport with buttons that fire toasts, as a page would. */
function Playground() {
  return (
    <>
      <Button onClick={() => toast.success('Key created.', { title: 'Saved' })}>
        Show success
      </Button>
      <Button variant="danger" onClick={() => toast.destructive('Failed to load stats')}>
        Show error
      </Button>
      <ToastViewport />
    </>
  );
}

export const OneAtATime: Story = {
  render: () => <Playground />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('SavedKey created.');
    await userEvent.click(canvas.getByRole('button', { name: 'Show error' }));
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent('Failed to load stats'),
    );
    await expect(toasts()).toHaveLength(1);
    await expect(canvas.queryByText('Key created.')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss notification' }));
    await waitFor(() => expect(toasts()).toHaveLength(0));
  },
};

/** Drags the toast sideways by `dx` pixels with a mouse. */
async function drag(element: Element, dx: number) {
  const { left, top } = element.getBoundingClientRect();
  const start = { clientX: left + 20, clientY: top + 10 };
  await userEvent.pointer([
    { keys: '[MouseLeft>]', target: element, coords: start },
    { target: element, coords: { ...start, clientX: start.clientX + dx } },
    { keys: '[/MouseLeft]', target: element, coords: { ...start, clientX: start.clientX + dx } },
  ]);
}

export const SwipeToDismiss: Story = {
  parameters: { visual: false },
  render: () => <Playground />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }));
    const shown = await canvas.findByRole('status');
    await drag(shown, 45);
    await expect(toasts()).toHaveLength(1);
    await drag(shown, 55);
    await waitFor(() => expect(toasts()).toHaveLength(0));
  },
};

export const AutoDismiss: Story = {
  parameters: { visual: false },
  render: () => <Playground />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }));
    await canvas.findByRole('status');
    // react-toastify times auto-dismiss with the (hidden) progress bar's CSS animation. Motion is
    // frozen in tests, so check its duration and end the animation by hand.
    const timer = document.querySelector<HTMLElement>('.Toastify__progress-bar')!;
    await expect(timer.style.animationDuration).toBe(`${TOAST_DURATION_MS}ms`);
    timer.dispatchEvent(new AnimationEvent('animationend', { bubbles: true }));
    await waitFor(() => expect(toasts()).toHaveLength(0));
  },
};
