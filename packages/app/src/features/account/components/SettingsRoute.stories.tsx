import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { accountEndpoints } from '@parlance/contract/endpoints';
import { accountHandlers, on } from '@parlance/mocks';
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
  await expect(canvas.getByRole('combobox', { name: 'Keep audio' })).toHaveValue('');
  await expect(canvas.getByRole('combobox', { name: 'Keep transcripts' })).toHaveValue('');
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

/** What the page sends when the retention is saved. */
const sentRetention = fn();
const recordRetention = on(accountEndpoints.update, async ({ request }) => {
  sentRetention(await request.clone().json());
});

/** Retention is saved on its own, once confirmed: the days chosen, and nothing of the profile. */
export const RetentionSaved: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { account: [recordRetention, ...accountHandlers.default] } },
  },
  play: async ({ canvas }) => {
    sentRetention.mockClear();
    const audio = await canvas.findByRole('combobox', { name: 'Keep audio' });
    await expect(audio).toHaveValue('');
    await userEvent.selectOptions(audio, '30 days');
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Keep transcripts' }),
      '365 days',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Save retention' }));
    // Shorter than keeping everything: what is older goes, so it asks first.
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Delete what is older?',
    });
    await expect(sentRetention).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and delete' }));
    await expect(await canvas.findByText('Retention saved.')).toBeInTheDocument();
    await expect(sentRetention).toHaveBeenCalledTimes(1);
    await expect(sentRetention).toHaveBeenCalledWith({
      keepAudioDays: 30,
      keepTranscriptsDays: 365,
    });
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
