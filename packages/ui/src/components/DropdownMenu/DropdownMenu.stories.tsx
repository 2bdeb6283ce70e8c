import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { MenuIcon } from '../../icons';
import { framed } from '../../internal/StoryFrame';
import { DropdownMenu } from './DropdownMenu';

const rename = fn();
const disable = fn();
const remove = fn();

const meta = {
  title: 'Overlays/DropdownMenu',
  component: DropdownMenu,
  decorators: [framed],
  args: {
    label: 'Key actions',
    items: [
      { label: 'Rename', onSelect: rename },
      { label: 'Disable', onSelect: disable },
      { label: 'Regenerate', onSelect: fn(), disabled: true },
      { label: 'Delete', onSelect: remove, danger: true },
    ],
  },
} satisfies Meta<typeof DropdownMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Keyboard: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Key actions' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('menu', { name: 'Key actions' })).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('menuitem', { name: 'Disable' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    // The disabled item is skipped.
    await expect(canvas.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('menuitem', { name: 'Rename' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(trigger).toHaveFocus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  },
};

export const EnterAndSelect: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(remove).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Key actions' })).toHaveFocus();
  },
};

export const SpaceAndArrowUp: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Rename' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(canvas.getByRole('menuitem', { name: 'Delete' })).toHaveFocus());
  },
};

export const ClickOutsideCloses: Story = {
  parameters: { visual: false },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Key actions' }));
    await userEvent.click(canvas.getByRole('menuitem', { name: 'Rename' }));
    await expect(rename).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Key actions' }));
    await expect(canvas.getByRole('menu')).toBeVisible();
    await userEvent.click(canvasElement);
    await expect(canvas.queryByRole('menu')).toBeNull();
  },
};

export const Open: Story = { args: { defaultOpen: true } };

export const IconTrigger: Story = {
  args: {
    label: 'More actions',
    icon: <MenuIcon />,
    variant: 'ghost',
    align: 'start',
    defaultOpen: true,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'More actions' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};
