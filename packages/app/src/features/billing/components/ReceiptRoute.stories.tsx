import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import type { ReceiptResponse } from '@parlance/contract';
import { billingEndpoints } from '@parlance/contract/endpoints';
import { billingHandlers, on, transactionsFixture } from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { pageStates, serverError } from '../../../test/pageStates';

const paid = transactionsFixture.find((t) => t.receipt)?.receipt;
if (!paid) throw new Error('the billing fixture has no purchase');

const page = pageStates(DashboardStory, `/dashboard/billing/receipts/${paid.id}`, {
  billing: billingHandlers,
});
const meta = { title: 'Dashboard/Receipt', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Paid: Story = page.populated(async (canvas) => {
  const receipt = await canvas.findByLabelText('Receipt');
  for (const text of [
    `${paid.amount} USD`,
    'Paid',
    'Visa •••• 4242',
    paid.billedTo.name,
    paid.billedTo.email,
    paid.id,
  ]) {
    await expect(within(receipt).getByText(text)).toBeInTheDocument();
  }
  await expect(canvas.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
    'href',
    `/api/billing/receipts/${paid.id}/pdf`,
  );
  await expect(canvas.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('download');
  await expect(canvas.getByRole('button', { name: 'Print' })).toBeInTheDocument();
});

/** A purchase still waiting for its 3-D Secure challenge: no PDF, no print, said as it stands. */
export const AwaitingConfirmation: Story = {
  parameters: {
    msw: {
      handlers: {
        billing: [
          on(billingEndpoints.receipt, () =>
            HttpResponse.json<ReceiptResponse>({
              receipt: { ...paid, transactionId: null, status: 'requires_action' },
            }),
          ),
          ...billingHandlers.default,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Awaiting confirmation')).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Download PDF' })).toBeNull();
    await expect(canvas.queryByText('Credit transaction')).toBeNull();
  },
};

/** From the credit history's "View" to the receipt, and back to Billing. */
export const FromCreditHistory: Story = {
  args: { path: '/dashboard/billing' },
  parameters: { visual: false },
  play: async ({ canvas }) => {
    const history = await canvas.findByRole('table', { name: 'Credit transactions' });
    const [view] = await within(history).findAllByRole('link', { name: /^View receipt for/ });
    await userEvent.click(view!);
    await expect(
      await canvas.findByRole('heading', { level: 2, name: /^\$[\d.,]+ of credit$/ }),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('link', { name: '← Billing' }));
    await expect(
      await canvas.findByRole('table', { name: 'Credit transactions' }),
    ).toBeInTheDocument();
  },
};

export const NotFound: Story = page.empty(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { name: 'Receipt not found' }),
  ).toBeInTheDocument();
});

export const Loading: Story = page.loading(async (canvas) => {
  await expect(await canvas.findByRole('link', { name: '← Billing' })).toBeInTheDocument();
  await expect(canvas.queryByText('Payment reference')).toBeNull();
});

export const Failure: Story = page.error(serverError(1));
