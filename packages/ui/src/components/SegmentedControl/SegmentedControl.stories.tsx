import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { SegmentedControl, type SegmentedControlProps } from './SegmentedControl';

type Range = '7d' | '30d' | '90d';
const ranges = [
  { value: '7d', label: '7d' },
  { value: '30d', label: '30d' },
  { value: '90d', label: '90d' },
] as const;

/** Holds the value like the app does, and reports each change. */
function Stateful(props: SegmentedControlProps<Range>) {
  const [value, setValue] = useState(props.value);
  return (
    <SegmentedControl
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Inputs/SegmentedControl',
  component: SegmentedControl<Range>,
  decorators: [framed],
  render: (args) => <Stateful {...args} />,
  args: { 'aria-label': 'Spending range', options: ranges, value: '30d', onChange: fn() },
} satisfies Meta<typeof SegmentedControl<Range>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Spending range' });
    await expect(group).toBeVisible();
    await expect(canvas.getByRole('radio', { name: '30d' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await userEvent.click(canvas.getByRole('radio', { name: '90d' }));
    await expect(args.onChange).toHaveBeenCalledWith('90d');
    await expect(canvas.getByRole('radio', { name: '90d' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  },
};

export const ArrowKeys: Story = {
  parameters: { visual: false },
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: '30d' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: '90d' })).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith('90d');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: '7d' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('radio', { name: '90d' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onChange).toHaveBeenLastCalledWith('30d');
  },
};

export const OneTabStop: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    const radios = canvas.getAllByRole('radio');
    await expect(radios.map((r) => r.tabIndex)).toEqual([-1, 0, -1]);
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: '7d' }), { pointerEventsCheck: 0 });
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};
