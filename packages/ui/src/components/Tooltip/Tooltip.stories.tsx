import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { CopyIcon, HelpIcon } from '../../icons';
import { framed } from '../../internal/StoryFrame';
import { IconButton } from '../IconButton';
import { Tooltip } from './Tooltip';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  decorators: [framed],
  args: {
    content: 'Copies the key to your clipboard',
    children: <IconButton aria-label="Copy key" icon={<CopyIcon />} variant="secondary" />,
  },
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Hover: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Copy key' });
    await expect(canvas.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(trigger);
    await expect(canvas.getByRole('tooltip')).toHaveTextContent('Copies the key to your clipboard');
    await expect(trigger).toHaveAccessibleDescription('Copies the key to your clipboard');
    await userEvent.unhover(trigger);
    await expect(canvas.queryByRole('tooltip')).toBeNull();
  },
};

export const FocusAndEscape: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('tooltip')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('tooltip')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Copy key' })).toHaveFocus();
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  decorators: [
    (Story) => (
      <div style={{ paddingTop: '48px' }}>
        <Story />
      </div>
    ),
  ],
};

export const BelowWithLongText: Story = {
  args: {
    defaultOpen: true,
    placement: 'bottom',
    content:
      'Word-level timestamps add a start and end time to every recognised word. They cost nothing extra.',
    children: <IconButton aria-label="About timestamps" icon={<HelpIcon />} />,
  },
};
