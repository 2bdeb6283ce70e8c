import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { Button } from '../Button';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

/** An opener and the dialog; `inline` renders it inside the story for snapshots. */
function Demo({
  open: initiallyOpen,
  onCancel,
  onConfirm,
  inline = false,
  ...args
}: ConfirmDialogProps & { inline?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Delete key
      </Button>
      {inline && <div ref={setContainer} />}
      <ConfirmDialog
        {...args}
        open={open && (!inline || container !== null)}
        container={container}
        onCancel={() => {
          onCancel();
          setOpen(false);
        }}
        onConfirm={() => {
          onConfirm();
          if (!args.busy) setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  decorators: [framed],
  render: (args) => <Demo {...args} />,
  args: {
    open: false,
    title: 'Delete “Production server”?',
    message: 'Apps using this key stop working at once. This cannot be undone.',
    confirmLabel: 'Delete key',
    variant: 'danger',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Danger: Story = {
  play: async ({ args, canvas }) => {
    const opener = canvas.getByRole('button', { name: 'Delete key' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Production server”?' });
    await expect(dialog).toHaveAccessibleDescription(
      'Apps using this key stop working at once. This cannot be undone.',
    );
    await expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete key' }).at(-1)!);
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(opener).toHaveFocus();
  },
};

export const Cancel: Story = {
  parameters: { visual: false },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete key' }));
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Default: Story = {
  args: {
    variant: 'default',
    title: 'Buy 50 USD of credits?',
    message: 'Your default card ending 4242 is charged now.',
    confirmLabel: 'Buy credits',
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete key' }));
    await expect(await screen.findByRole('button', { name: 'Buy credits' })).toHaveFocus();
  },
};

export const Busy: Story = {
  render: (args) => <Demo {...args} inline />,
  args: { open: true, busy: true },
  play: async ({ args, canvas }) => {
    const dialog = await canvas.findByRole('dialog');
    const confirm = canvas.getAllByRole('button', { name: /Delete key/ }).at(-1)!;
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await expect(confirm).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).not.toHaveBeenCalled();
    await expect(dialog).toBeVisible();
  },
};

export const OpenDanger: Story = {
  render: (args) => <Demo {...args} inline />,
  args: { open: true },
};
