import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { framed } from '../../internal/StoryFrame';
import { Tabs } from './Tabs';

const meta = {
  title: 'Navigation/Tabs',
  component: Tabs,
  decorators: [framed],
  args: {
    'aria-label': 'Billing sections',
    onChange: fn(),
    tabs: [
      { id: 'overview', label: 'Overview', content: <p>Balance: 42.10 USD</p> },
      { id: 'methods', label: 'Payment methods', content: <p>Visa ending 4242 (default)</p> },
      { id: 'history', label: 'Credit history', content: <p>10 most recent purchases</p> },
    ],
  },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByRole('tabpanel', { name: 'Overview' })).toHaveTextContent(
      'Balance: 42.10 USD',
    );
    await userEvent.click(canvas.getByRole('tab', { name: 'Credit history' }));
    await expect(args.onChange).toHaveBeenCalledWith('history');
    await expect(canvas.getByRole('tabpanel', { name: 'Credit history' })).toBeVisible();
  },
};

export const ArrowKeys: Story = {
  parameters: { visual: false },
  play: async ({ args, canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Payment methods' })).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith('methods');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(canvas.getByRole('tab', { name: 'Credit history' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('tabpanel', { name: 'Overview' })).toHaveFocus();
  },
};

export const WithDisabledTab: Story = {
  args: {
    defaultValue: 'methods',
    tabs: [
      { id: 'overview', label: 'Overview', content: <p>Balance: 42.10 USD</p> },
      { id: 'methods', label: 'Payment methods', content: <p>Visa ending 4242 (default)</p> },
      { id: 'invoices', label: 'Invoices', content: <p>Coming soon</p>, disabled: true },
    ],
  },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await userEvent.keyboard('{ArrowRight}');
    // Skips the disabled tab and wraps.
    await expect(canvas.getByRole('tab', { name: 'Overview' })).toHaveFocus();
  },
};
