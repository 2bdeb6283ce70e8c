import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { billingEndpoints, billingPaths } from '@parlance/contract/endpoints';
import {
  billingHandlers,
  installStripeStandIn,
  NOW,
  on,
  STRIPE_STAND_IN_API,
  stripeHandlers,
} from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { busy, pageStates, serverError } from '../../../test/pageStates';

const page = pageStates(DashboardStory, '/dashboard/billing', { billing: billingHandlers });
const meta = { title: 'Dashboard/Billing', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = page.populated(async (canvas) => {
  await expect(await canvas.findByText('$42.153817')).toBeInTheDocument();
  await expect(await canvas.findByText('Visa •••• 4242')).toBeInTheDocument();
  await expect(canvas.getByText('Default')).toBeInTheDocument();
  const history = await canvas.findByRole('table', { name: 'Credit transactions' });
  await expect(within(history).getAllByRole('row')).toHaveLength(11);
  // Usage is debited exactly: 1,206 s of base is $0.0603, not 6 ¢.
  await expect(within(history).getByText('-$0.0603')).toBeInTheDocument();
  await expect(canvas.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
  const exported = canvas.getByRole('link', { name: 'Export CSV of every transaction' });
  await expect(exported).toHaveAttribute('href', billingPaths.creditHistoryCsv);
  await expect(exported).toHaveAttribute('download');
});

/** A new account: no balance, no cards, no history. */
export const Empty: Story = page.empty(async (canvas) => {
  // The balance, and this month's spending (with no limit set).
  await expect(await canvas.findAllByText('$0.00')).toHaveLength(2);
  await expect(canvas.getByText('None')).toBeInTheDocument();
  await expect(await canvas.findByRole('heading', { name: 'No saved cards' })).toBeInTheDocument();
  await expect(await canvas.findByText('No credit activity yet.')).toBeInTheDocument();
});

/** A refund or dispute took back credit already spent: the account owes it and is on hold. */
export const OnHold: Story = page.scenario('onHold')(async (canvas) => {
  const notice = await canvas.findByRole('alert');
  await expect(notice).toHaveTextContent('Account on hold');
  await expect(notice).toHaveTextContent('$8.00 is owed');
  await expect(canvas.getByText('$0.00')).toBeInTheDocument();
});

/** Auto top-up's last charge was declined: it turned itself off, and says why. */
export const AutoTopUpFailed: Story = page.scenario('autoTopUpFailed')(async (canvas) => {
  const card = await canvas.findByRole('form', { name: 'Auto top-up' });
  await expect(await canvas.findByText('Auto top-up turned itself off')).toBeInTheDocument();
  await expect(
    canvas.getByText(/Its last charge failed: Your card was declined\./),
  ).toBeInTheDocument();
  await expect(
    within(card).getByRole('button', { name: 'Turn on auto top-up' }),
  ).toBeInTheDocument();
});

export const Loading: Story = page.loading(busy('table', 'Credit transactions'));

export const Failure: Story = page.error(serverError(3));

export const FallbackMessages: Story = page.scenario('broken')(async (canvas) => {
  await expect(await canvas.findByText('Failed to load billing info')).toBeInTheDocument();
  await expect(await canvas.findByText('Failed to load transactions')).toBeInTheDocument();
  await expect(await canvas.findByText('Failed to load payment methods')).toBeInTheDocument();
});

/** Payment methods fail; balance and history still load. */
export const PartialFailure: Story = page.scenario('paymentMethodsError')(async (canvas) => {
  await expect(
    await canvas.findByText('Payment methods are temporarily unavailable.'),
  ).toBeInTheDocument();
  await expect(await canvas.findByText('$42.153817')).toBeInTheDocument();
});

/** Buying $50 with the default card: a success toast with the new balance. */
export const BuyCredits: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await canvas.findByText('Visa •••• 4242');
    await userEvent.click(canvas.getByRole('radio', { name: '$50' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Buy $50 of credits' }));
    await expect(
      await within(document.body).findByText(/\$50\.00 added\. Your balance is now \$92\.153817;/),
    ).toBeInTheDocument();
  },
};

/**
 * A custom amount under the minimum: the range is said beside the field before buying, and the
 * server's refusal comes at the field (not as a toast); editing the amount clears it.
 */
export const CustomAmountRefused: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await canvas.findByText('Visa •••• 4242');
    await userEvent.click(canvas.getByRole('radio', { name: 'Custom' }));
    const field = canvas.getByRole('spinbutton', { name: 'Custom amount (USD)' });
    await expect(field).toHaveAccessibleDescription(/From \$5\.00 to \$1,000\.00/);
    await userEvent.type(field, '3');
    await userEvent.click(canvas.getByRole('button', { name: 'Buy $3 of credits' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    await expect(field).toHaveAccessibleDescription(/The minimum purchase is \$5\.00/);
    await expect(within(document.body).queryByText(/amount: The minimum/)).toBeNull();
    await userEvent.type(field, '0');
    await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  },
};

/** What the page sends when the monthly spending limit is saved. */
const sentLimits = fn();
const recordLimits = on(billingEndpoints.spendLimit, async ({ request }) => {
  sentLimits(await request.clone().json());
});

/**
 * This month's spending against the limit; a new limit is sent in micro-dollars, an empty field
 * removes it, and the server's refusal (a negative limit) comes at the field.
 */
export const SpendLimit: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { billing: [recordLimits, ...billingHandlers.default] } },
  },
  play: async ({ canvas }) => {
    sentLimits.mockClear();
    const card = await canvas.findByRole('form', { name: 'Monthly spending limit' });
    await expect(canvas.getByText('$7.39')).toBeInTheDocument();
    const field = within(card).getByRole('spinbutton', { name: 'Limit (USD)' });
    await expect(field).toHaveValue(100);
    await userEvent.clear(field);
    await userEvent.type(field, '50');
    await userEvent.click(within(card).getByRole('button', { name: 'Save limit' }));
    await expect(await within(document.body).findByText('Monthly limit saved')).toBeInTheDocument();
    await expect(sentLimits).toHaveBeenLastCalledWith({ monthlyLimitMicros: 50_000_000 });

    await userEvent.clear(field);
    await userEvent.type(field, '-5');
    await userEvent.click(within(card).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    await expect(field).toHaveAccessibleDescription(/A limit cannot be negative/);

    await userEvent.clear(field);
    await userEvent.click(within(card).getByRole('button', { name: 'Save limit' }));
    await expect(
      await within(document.body).findByText('Monthly limit removed'),
    ).toBeInTheDocument();
    await expect(sentLimits).toHaveBeenLastCalledWith({ monthlyLimitMicros: null });
  },
};

export const PurchaseDeclined: Story = {
  parameters: { visual: false, msw: { handlers: { billing: billingHandlers.purchaseDeclined } } },
  play: async ({ canvas }) => {
    await canvas.findByText('Visa •••• 4242');
    await userEvent.click(canvas.getByRole('button', { name: 'Buy $25 of credits' }));
    // Said in the purchase form, at the card paid with, not in a passing toast.
    const form = canvas.getByRole('form', { name: 'Buy credits' });
    await expect(await within(form).findByText('Your card was declined.')).toBeInTheDocument();
  },
};

/** Adding a card in test mode; a declined test card shows the server's message. */
export const AddCardDeclined: Story = {
  parameters: { visual: false, msw: { handlers: { billing: billingHandlers.cardDeclined } } },
  play: async ({ canvas }) => {
    await canvas.findByText('Visa •••• 4242');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Add a card' })[0] as HTMLElement);
    const dialog = await within(document.body).findByRole('dialog', { name: 'Add a card' });
    await expect(within(dialog).getByText(/4242 4242 4242 4242/)).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Card number' }),
      '4000 0000 0000 0002',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Expiry' }), '12/30');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'CVC' }), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
  },
};

export const RemoveCard: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Remove Mastercard •••• 4444' }),
    );
    const dialog = await within(document.body).findByRole('dialog', { name: 'Remove this card?' });
    await expect(
      within(dialog).getByText(/Mastercard •••• 4444 will no longer be available/),
    ).toBeInTheDocument();
  },
};

export const ShowMoreHistory: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    const history = await canvas.findByRole('table', { name: 'Credit transactions' });
    await userEvent.click(await canvas.findByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(20));
  },
};

/** Payments through Stripe: Stripe.js (its stand-in here) takes the card; Stripe decides as named. */
const withStripe = (outcome: keyof typeof stripeHandlers) => ({
  parameters: { visual: false, msw: { handlers: { billing: stripeHandlers[outcome] } } },
  beforeEach: () => installStripeStandIn(STRIPE_STAND_IN_API),
});

/** Types a card into Stripe's field in the card dialog and saves it; answers the dialog. */
async function saveStripeCard(canvas: ReturnType<typeof within>) {
  await canvas.findByText('Visa •••• 4242');
  await userEvent.click(canvas.getAllByRole('button', { name: 'Add a card' })[0] as HTMLElement);
  const dialog = await within(document.body).findByRole('dialog', { name: 'Add a card' });
  await expect(within(dialog).getByText(/4000 0027 6000 3184/)).toBeInTheDocument();
  await userEvent.type(await within(dialog).findByLabelText('Card number'), '4242424242424242');
  await userEvent.type(within(dialog).getByLabelText('MM / YY'), '12 / 34');
  await userEvent.type(within(dialog).getByLabelText('CVC'), '123');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save card' }));
  return dialog;
}

/** The `since` the page asks whether the card has been saved since. */
const sentSince = fn();
const recordSince = on(billingEndpoints.checkRecentPaymentMethod, ({ request }) => {
  sentSince(new URL(request.url).searchParams.get('since'));
});

/**
 * With Stripe, the card goes from Stripe's field to Stripe; once Stripe told the server, it is
 * saved. The page waits for it from the server's time as the setup began, never its own clock.
 */
export const StripeCardSaved: Story = {
  ...withStripe('accepted'),
  parameters: {
    visual: false,
    msw: { handlers: { billing: [recordSince, ...stripeHandlers.accepted] } },
  },
  play: async ({ canvas }) => {
    sentSince.mockClear();
    await saveStripeCard(canvas);
    await expect(await within(document.body).findByText('Card saved')).toBeInTheDocument();
    await expect(sentSince).toHaveBeenCalledWith(NOW.toISOString());
  },
};

/** Stripe declines the card: its message, in the card dialog. */
export const StripeCardDeclined: Story = {
  ...withStripe('declined'),
  play: async ({ canvas }) => {
    const dialog = await saveStripeCard(canvas);
    await expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
  },
};

/** The bank asks for 3-D Secure and the challenge fails: said at the card paid with. */
export const StripeChallengeFailed: Story = {
  ...withStripe('challengeFailed'),
  play: async ({ canvas }) => {
    await canvas.findByText('Visa •••• 4242');
    await userEvent.click(canvas.getByRole('button', { name: 'Buy $25 of credits' }));
    const challenge = await within(document.body).findByRole('dialog', {
      name: '3D Secure test page',
    });
    await userEvent.click(within(challenge).getByRole('button', { name: 'Fail' }));
    const form = canvas.getByRole('form', { name: 'Buy credits' });
    await expect(
      await within(form).findByText(/unable to authenticate your payment method/),
    ).toBeInTheDocument();
  },
};

/**
 * Auto top-up: what is set; the server's refusal of a threshold comes at its field; turning it
 * off says so.
 */
export const AutoTopUp: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('form', { name: 'Auto top-up' });
    await expect(canvas.getByText('$50.00 when below $10.00')).toBeInTheDocument();
    const threshold = within(card).getByRole('spinbutton', {
      name: 'When the balance falls below (USD)',
    });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '0.5');
    await userEvent.click(within(card).getByRole('button', { name: 'Save auto top-up' }));
    await waitFor(() => expect(threshold).toHaveAttribute('aria-invalid', 'true'));
    await expect(threshold).toHaveAccessibleDescription(/The threshold is at least \$1\.00/);
    await userEvent.click(within(card).getByRole('button', { name: 'Turn off' }));
    await expect(await within(document.body).findByText('Auto top-up is off')).toBeInTheDocument();
  },
};

/** The low-balance e-mail: the server's refusal comes at the field; a new amount is saved. */
export const LowBalanceAlert: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('form', { name: 'Low-balance e-mail' });
    await expect(canvas.getByText(/falls below \$5\.00, once each time/)).toBeInTheDocument();
    const field = within(card).getByRole('spinbutton', { name: 'E-mail me below (USD)' });
    await userEvent.clear(field);
    await userEvent.type(field, '-1');
    await userEvent.click(within(card).getByRole('button', { name: 'Save alert' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    await expect(field).toHaveAccessibleDescription(/The alert cannot be negative/);
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await userEvent.click(within(card).getByRole('button', { name: 'Save alert' }));
    await expect(await within(document.body).findByText('Alert saved')).toBeInTheDocument();
  },
};

/** What the page sends when the name on receipts is saved. */
const sentNames = fn();
const recordNames = on(billingEndpoints.billingName, async ({ request }) => {
  sentNames(await request.clone().json());
});

/** The name on receipts: a new name is sent as typed; an empty field sends none (the account's). */
export const NameOnReceipts: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { billing: [recordNames, ...billingHandlers.default] } },
  },
  play: async ({ canvas }) => {
    sentNames.mockClear();
    const card = await canvas.findByRole('form', { name: 'Name on receipts' });
    const field = within(card).getByRole('textbox', { name: 'Name on receipts' });
    await expect(field).toHaveValue('Analytical Engines Ltd');
    await userEvent.clear(field);
    await userEvent.type(field, 'Difference Engines plc');
    await userEvent.click(within(card).getByRole('button', { name: 'Save name' }));
    await expect(
      await within(document.body).findByText('Name on receipts saved'),
    ).toBeInTheDocument();
    await expect(sentNames).toHaveBeenCalledWith({ billingName: 'Difference Engines plc' });
    await userEvent.clear(field);
    await userEvent.click(within(card).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(sentNames).toHaveBeenLastCalledWith({ billingName: null }));
  },
};
