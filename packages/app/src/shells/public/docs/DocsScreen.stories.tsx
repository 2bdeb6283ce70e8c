import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { components, paths, tags } from '@parlance/contract/openapi.json';
import { serviceLimitsFixture } from '@parlance/mocks';
import { DocsScreen } from './DocsScreen';
import { groupOperations } from './operations';

const meta = {
  title: 'Public/Docs',
  component: DocsScreen,
  args: {
    apiBase: 'https://api.parlance.example',
    reference: groupOperations(paths, tags, components.schemas),
    signupCredit: '$5.00',
    limits: serviceLimitsFixture,
  },
} satisfies Meta<typeof DocsScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'API documentation' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(/starts with \$5\.00 of free credit once its e-mail is verified/),
    ).toBeVisible();
    const quickStart = canvas.getAllByRole('tabpanel')[0]!;
    await expect(quickStart).toHaveTextContent('curl https://api.parlance.example/v1/transcript');
    await userEvent.click(canvas.getAllByRole('tab', { name: 'Python' })[0]!);
    await expect(canvas.getAllByRole('tabpanel')[0]).toHaveTextContent(
      'requests.post("https://api.parlance.example/v1/transcript"',
    );
    await expect(canvas.getByRole('tablist', { name: 'Verify a webhook' })).toBeVisible();
    await expect(
      canvas.getByText('/v1/audio/transcriptions', { selector: 'li code' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'interactive reference' })).toHaveAttribute(
      'href',
      '/api/reference',
    );
  },
};

/** The limits of the server, every error code, and what each endpoint takes (opened on demand). */
export const LimitsErrorsAndFields: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    const table = canvas.getByLabelText('Limits of this server');
    await expect(table).toHaveTextContent('500 MB per upload or audio_url');
    await expect(table).toHaveTextContent('5120 MB per file sent to /v1/uploads');
    await expect(table).toHaveTextContent('4 h per file');
    await expect(table).toHaveTextContent('600 per API key, 1200 per account');
    const errors = canvas.getByLabelText('Error codes');
    await expect(within(errors).getByText('insufficient_credits')).toBeVisible();
    await expect(errors).toHaveTextContent(/insufficient_credits\s*402/);
    const submit = canvas.getByText(
      'Submit audio (multipart `file`, `audio_url` or `upload_id`) for transcription',
    );
    const fields = () => canvas.queryByLabelText('POST /v1/transcript: what it takes');
    await expect(fields()).not.toBeVisible();
    await userEvent.click(submit);
    await expect(fields()).toBeVisible();
    await expect(fields()).toHaveTextContent(
      /keyterms\s*body\s*list of string, 1 to 50 characters, at most 100 items/,
    );
  },
};

/** /api/config did not answer: the page says the limits could not be loaded. */
export const LimitsUnknown: Story = {
  args: { limits: null },
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/The limits could not be loaded/)).toBeVisible();
  },
};

/** A server that gives new accounts no credit: the quick start says to add some. */
export const NoSignupCredit: Story = {
  args: { signupCredit: null },
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/add credit and create a key/)).toBeVisible();
    await expect(canvas.queryByText(/free credit/)).toBeNull();
  },
};
