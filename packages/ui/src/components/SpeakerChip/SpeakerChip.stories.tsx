import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SpeakerChip } from './SpeakerChip';

const meta = {
  title: 'Display/SpeakerChip',
  component: SpeakerChip,
  args: { label: 'B', name: 'Priya Raman' },
  decorators: [(Story) => <div style={{ padding: '24px' }}>{Story()}</div>],
} satisfies Meta<typeof SpeakerChip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Named: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Priya Raman').previousElementSibling).toHaveTextContent('B');
  },
};

/** Six speakers: the theme's colours in order of label, starting again after the last. */
export const EveryColour: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '16px' }}>
      {['A', 'B', 'C', 'D', 'E', 'F'].map((label) => (
        <SpeakerChip key={label} label={label} name={`Speaker ${label}`} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const swatch = (label: string) =>
      canvas.getByText(`Speaker ${label}`).previousElementSibling as HTMLElement;
    await expect(getComputedStyle(swatch('E')).backgroundColor).toBe(
      getComputedStyle(swatch('A')).backgroundColor,
    );
    await expect(getComputedStyle(swatch('B')).backgroundColor).not.toBe(
      getComputedStyle(swatch('A')).backgroundColor,
    );
  },
};

/** A long name wraps beside its swatch. */
export const LongName: Story = {
  args: { label: 'C', name: 'Maximilian Alexander von Hohenberg-Ried' },
  decorators: [(Story) => <div style={{ maxWidth: '200px' }}>{Story()}</div>],
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Maximilian Alexander/)).toBeVisible();
  },
};
