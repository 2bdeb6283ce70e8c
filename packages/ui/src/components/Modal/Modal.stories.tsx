import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { Modal, type ModalProps } from './Modal';

type DemoProps = ModalProps & {
  /** Render inside the story (for snapshots) instead of in document.body. */
  inline?: boolean;
};

/** An opener button and the dialog, with the open state held like an app would. */
function Demo({ inline = false, open: initiallyOpen, onClose, ...args }: DemoProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Rename key
      </Button>
      {inline && <div ref={setContainer} />}
      <Modal
        {...args}
        open={open && (!inline || container !== null)}
        container={container}
        onClose={close}
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={close}>Save</Button>
          </>
        }
      />
    </>
  );
}

const meta = {
  title: 'Overlays/Modal',
  component: Modal,
  decorators: [framed],
  render: (args) => <Demo {...args} />,
  args: {
    open: false,
    onClose: fn(),
    title: 'Rename API key',
    description: 'The new name shows in your usage reports.',
    children: <TextField label="Key name" defaultValue="Production server" />,
  },
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas }) => {
    const opener = canvas.getByRole('button', { name: 'Rename key' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Rename API key' });
    await expect(dialog).toHaveAttribute('aria-modal', 'true');
    await expect(dialog).toHaveAccessibleDescription('The new name shows in your usage reports.');
    await expect(screen.getByRole('textbox', { name: 'Key name' })).toHaveFocus();
    await expect(document.body.style.overflow).toBe('hidden');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(opener).toHaveFocus();
    await expect(document.body.style.overflow).toBe('');
  },
};

export const FocusTrap: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Rename key' }));
    const input = await screen.findByRole('textbox', { name: 'Key name' });
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.tab();
    await expect(screen.getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(canvas.getByRole('button', { name: 'Rename key' })).toHaveFocus();
  },
};

export const BackdropClick: Story = {
  parameters: { visual: false },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Rename key' }));
    await userEvent.click((await screen.findByRole('dialog')).parentElement!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const Open: Story = {
  render: (args) => <Demo {...args} inline />,
  args: { open: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('dialog', { name: 'Rename API key' })).toBeVisible();
  },
};

export const LongContent: Story = {
  render: (args) => <Demo {...args} inline />,
  args: {
    open: true,
    size: 'lg',
    title: 'Terms of service',
    description: undefined,
    children: Array.from({ length: 12 }, (_, i) => (
      <p key={i}>
        Section {i + 1}. Audio you upload is processed only to produce your transcript. Files are
        deleted after thirty days unless you delete them sooner from the History page.
      </p>
    )),
  },
  play: async ({ canvas }) => {
    const dialog = await canvas.findByRole('dialog', { name: 'Terms of service' });
    await expect(dialog.scrollHeight).toBeGreaterThan(dialog.clientHeight);
  },
};
