import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { CloseIcon, CopyIcon, DangerIcon } from '../../icons';
import { framed } from '../../internal/StoryFrame';
import { IconButton } from './IconButton';

const meta = {
  title: 'Actions/IconButton',
  component: IconButton,
  decorators: [framed],
  args: { 'aria-label': 'Close', icon: <CloseIcon />, onClick: fn() },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ghost: Story = {
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Close' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', 'aria-label': 'Copy key', icon: <CopyIcon /> },
};
export const Primary: Story = {
  args: { variant: 'primary', 'aria-label': 'Copy key', icon: <CopyIcon /> },
};
export const Danger: Story = {
  args: { variant: 'danger', 'aria-label': 'Delete key', icon: <DangerIcon /> },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: '8px', alignItems: 'center' }}>
      <IconButton {...args} size="sm" aria-label="Close small" variant="secondary" />
      <IconButton {...args} size="md" aria-label="Close medium" variant="secondary" />
      <IconButton {...args} size="lg" aria-label="Close large" variant="secondary" />
    </div>
  ),
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvas }) => {
    const button = canvas.getByRole('button', { name: 'Close' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const KeyboardFocus: Story = {
  parameters: { visual: false },
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: 'Close' });
    await expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
