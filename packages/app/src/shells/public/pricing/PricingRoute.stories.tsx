import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { authHandlers, pricingHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { routeStoryParameters } from '../../../test/routeStoryParameters';

const meta = {
  title: 'Public/Pricing',
  component: PublicStory,
  args: { path: '/pricing' },
  parameters: {
    ...routeStoryParameters,
    msw: { handlers: { auth: authHandlers.empty } },
  },
} satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Price per model' }, { timeout: 5000 });
    await waitFor(() => expect(table).toHaveTextContent('large-v3'));
    await expect(table).toHaveTextContent('$0.002');
    // 600 min of tiny ($0.002/min) = $1.20 by default; 1000 min of large-v3 ($0.012/min) = $12.00.
    await expect(canvas.getByTestId('estimate')).toHaveTextContent('$1.20');
    const minutes = canvas.getByLabelText('Minutes of audio');
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '1000');
    await userEvent.selectOptions(canvas.getByLabelText('Model'), 'large-v3');
    await expect(canvas.getByTestId('estimate')).toHaveTextContent('$12.00');
    // A single minute of tiny costs exactly its price, as the server charges it.
    await userEvent.clear(minutes);
    await userEvent.type(minutes, '1');
    await userEvent.selectOptions(canvas.getByLabelText('Model'), 'tiny');
    await expect(canvas.getByTestId('estimate')).toHaveTextContent('$0.002');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.empty, pricing: pricingHandlers.slow } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('table', { name: 'Price per model' }, { timeout: 5000 }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.empty, pricing: pricingHandlers.error } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('The price list did not load', {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(canvas.getByText('Something went wrong on our side')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

export const NoModels: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.empty, pricing: pricingHandlers.empty } } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText('No models are available right now.', {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};
