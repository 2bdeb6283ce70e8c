import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { accountHandlers } from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { pageStates } from '../../../test/pageStates';

const page = pageStates(DashboardStory, '/dashboard/settings');
const meta = { title: 'Dashboard/Settings', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = page.populated(async (canvas) => {
  await expect(await canvas.findByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
  await expect(canvas.getByRole('combobox', { name: 'Default language' })).toHaveValue('en');
  await expect(canvas.getByRole('combobox', { name: 'Fallback language' })).toHaveValue('en');
  await expect(canvas.getByLabelText('Current password')).toBeInTheDocument();
});

export const ProfileSaved: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    const name = await canvas.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(canvas.getByRole('button', { name: 'Save profile' }));
    await expect(await canvas.findByText('Profile saved.')).toBeInTheDocument();
  },
};

export const WrongPassword: Story = {
  parameters: { msw: { handlers: { account: accountHandlers.wrongPassword } } },
  play: async ({ canvas }) => {
    await userEvent.type(await canvas.findByLabelText('Current password'), 'not-it');
    await userEvent.type(canvas.getByLabelText('New password'), 'staple orbit lantern 42');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(
      await canvas.findByText('Your current password is not correct.'),
    ).toBeInTheDocument();
  },
};

export const SaveFailure: Story = {
  parameters: { visual: false, msw: { handlers: { account: accountHandlers.error } } },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Save profile' }));
    await expect(await canvas.findByText(/Something went wrong on our side/)).toBeInTheDocument();
  },
};
