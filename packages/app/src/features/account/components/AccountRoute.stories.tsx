import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { accountHandlers } from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { pageStates } from '../../../test/pageStates';

const page = pageStates(DashboardStory, '/dashboard/account');
const meta = { title: 'Dashboard/Account', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = page.populated(async (canvas) => {
  await expect(await canvas.findByText('ada@example.com')).toBeInTheDocument();
  await expect(canvas.getByText('E-mail and password')).toBeInTheDocument();
  await expect(canvas.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
});

/** Deleting needs the e-mail typed before the button enables. */
export const DeleteConfirmation: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete account' }));
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Delete your account?',
    });
    const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
    await expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Your e-mail' }),
      'ada@example.com',
    );
    await expect(confirm).toBeEnabled();
  },
};

/** Confirms the deletion with Ada's e-mail and password; answers the dialog. */
async function confirmDeletion(canvas: ReturnType<typeof within>) {
  await userEvent.click(await canvas.findByRole('button', { name: 'Delete account' }));
  const dialog = await within(document.body).findByRole('dialog', {
    name: 'Delete your account?',
  });
  await userEvent.type(
    within(dialog).getByRole('textbox', { name: 'Your e-mail' }),
    'ada@example.com',
  );
  await userEvent.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
  return within(dialog);
}

export const DeleteRefused: Story = {
  parameters: { visual: false, msw: { handlers: { account: accountHandlers.error } } },
  play: async ({ canvas }) => {
    const dialog = await confirmDeletion(canvas);
    await expect(await dialog.findByText(/Something went wrong on our side/)).toBeInTheDocument();
  },
};

/** An account that owes after a refunded or disputed payment: the dialog says what to do first. */
export const DeleteRefusedOwes: Story = {
  parameters: { visual: false, msw: { handlers: { account: accountHandlers.owes } } },
  play: async ({ canvas }) => {
    const dialog = await confirmDeletion(canvas);
    await expect(
      await dialog.findByText(/\$2\.00 is owed after a refunded or disputed payment/),
    ).toBeInTheDocument();
  },
};
