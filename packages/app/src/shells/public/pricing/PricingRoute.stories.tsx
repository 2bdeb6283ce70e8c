import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { pricingHandlers } from '@parlance/mocks';
import { PublicStory } from '../../../test/PublicStory';
import { busy, pageStates, signedOut } from '../../../test/pageStates';

const page = pageStates(PublicStory, '/pricing', { pricing: pricingHandlers }, signedOut);
const meta = { title: 'Public/Pricing', ...page.meta } satisfies Meta<typeof PublicStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = page.populated(async (canvas) => {
  const table = await canvas.findByRole('table', { name: 'Price per model' }, { timeout: 5000 });
  // The installed models only: tiny.en and base, not the rest of the price list.
  await waitFor(() => expect(table).toHaveTextContent('base'));
  await expect(table).toHaveTextContent('tiny.en');
  await expect(table).not.toHaveTextContent('large-v3');
  await expect(table).toHaveTextContent('$0.002');
  // 600 min of tiny.en ($0.002/min) = $1.20 by default; 1000 min of base ($0.003/min) = $3.00.
  await expect(canvas.getByTestId('estimate')).toHaveTextContent('$1.20');
  const minutes = canvas.getByLabelText('Minutes of audio');
  await userEvent.clear(minutes);
  await userEvent.type(minutes, '1000');
  await userEvent.selectOptions(canvas.getByLabelText('Model'), 'base');
  await expect(canvas.getByTestId('estimate')).toHaveTextContent('$3.00');
  // A single minute of tiny.en costs exactly its price, as the server charges it.
  await userEvent.clear(minutes);
  await userEvent.type(minutes, '1');
  await userEvent.selectOptions(canvas.getByLabelText('Model'), 'tiny.en');
  await expect(canvas.getByTestId('estimate')).toHaveTextContent('$0.002');
});

export const Loading: Story = page.loading(busy('table', 'Price per model', { timeout: 5000 }));

export const LoadError: Story = page.error(async (canvas) => {
  await expect(
    await canvas.findByText('The price list did not load', {}, { timeout: 5000 }),
  ).toBeVisible();
  await expect(canvas.getByText('Something went wrong on our side')).toBeVisible();
  await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
});

export const NoModels: Story = page.empty(async (canvas) => {
  await expect(
    await canvas.findByText('No models are available right now.', {}, { timeout: 5000 }),
  ).toBeVisible();
});
