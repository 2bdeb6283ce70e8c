import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { Switch } from './Switch';

const meta = {
  title: 'Inputs/Switch',
  component: Switch,
  decorators: [framed],
  args: { label: 'Key enabled', onCheckedChange: fn() },
} satisfies Meta<typeof Switch>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {
  play: async ({ args, canvas }) => {
    const control = canvas.getByRole('switch', { name: 'Key enabled' });
    await expect(control).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(control);
    await expect(control).toHaveAttribute('aria-checked', 'true');
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};

export const On: Story = {
  args: { defaultChecked: true },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByText('Key enabled'));
    await expect(canvas.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    await expect(args.onCheckedChange).toHaveBeenCalledWith(false);
  },
};

export const Controlled: Story = {
  parameters: { visual: false },
  args: { checked: true },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('switch'));
    await expect(args.onCheckedChange).toHaveBeenCalledWith(false);
    // The parent owns the state and did not change it.
    await expect(canvas.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('switch'), { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const WithoutVisibleLabel: Story = {
  args: { label: undefined, 'aria-label': 'Enable key Production server' },
};

export const Keyboard: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('switch')).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect(canvas.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
  },
};
