import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import {
  MAX_KEYTERM_CHARS,
  MAX_KEYTERMS,
  PII_POLICIES,
  transcriptEndpoints,
} from '@parlance/contract/endpoints';
import { on, queuedTranscriptFixture, transcriptsHandlers } from '@parlance/mocks';
import { DashboardStory } from '../../../test/DashboardStory';
import { qualityHint } from './QualitySelect';
import { pageStates } from '../../../test/pageStates';

const page = pageStates(DashboardStory, '/dashboard/playground', {
  transcripts: transcriptsHandlers,
});
const meta = { title: 'Dashboard/Playground', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = page.populated(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { name: 'Nothing transcribed yet' }),
  ).toBeInTheDocument();
  const model = await canvas.findByRole('combobox', { name: 'Model' });
  await expect(await within(model).findByRole('option', { name: /tiny\.en/ })).toBeInTheDocument();
  await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  await expect(canvas.getByRole('radio', { name: 'Segment' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(canvas.getByRole('button', { name: 'Transcribe' })).toBeDisabled();
});

async function submitUrl(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.click(await canvas.findByRole('radio', { name: 'From a URL' }));
  await userEvent.type(
    canvas.getByRole('textbox', { name: /Audio URL/ }),
    'https://media.example.com/recordings/new-upload.mp3',
  );
  await userEvent.click(canvas.getByRole('radio', { name: 'Word' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Transcribe' }));
  return canvas;
}

/** A 3 MB recording chosen in the file zone, then Transcribe. */
async function submitFile(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await canvas.findByRole('combobox', { name: 'Model' });
  const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
  const bytes = new Uint8Array(3 * 1_048_576);
  await userEvent.upload(input, new File([bytes], 'standup.wav', { type: 'audio/wav' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Transcribe' }));
  return canvas;
}

/** Job submissions as the server takes them after an upload: the upload's id, not the bytes. */
const submitsUploadId = on(transcriptEndpoints.submit, async ({ request }) => {
  const form = await request.formData();
  if (form.has('file') || !/^[0-9a-f]{32}$/.test(String(form.get('upload_id'))))
    return HttpResponse.json(
      { code: 'validation_failed', message: 'expected an upload_id and no file' },
      { status: 400 },
    );
  return HttpResponse.json(queuedTranscriptFixture, { status: 202 });
});

/** A file goes up by the resumable upload, then the job is submitted with its upload_id. */
export const FileUploaded: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { transcripts: [submitsUploadId, ...transcriptsHandlers.default] } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await submitFile(canvasElement);
    await expect(
      await canvas.findByText(/thanks for joining the weekly standup/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  },
};

/**
 * The file on its way: how much has arrived (the upload never ends here). Not captured: how much
 * the browser reports sent, before the answer that never comes, varies from run to run.
 */
export const Uploading: Story = {
  parameters: {
    visual: false,
    msw: {
      handlers: {
        transcripts: [
          on(transcriptEndpoints.appendUpload, () => delay('infinite')),
          ...transcriptsHandlers.default,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await submitFile(canvasElement);
    await expect(
      await canvas.findByText(/^Uploading standup\.wav: \d+\.\d of 3\.0 MB \(\d+ %\)$/),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('progressbar', { name: 'Upload progress' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Transcribe' })).toBeDisabled();
  },
};

/**
 * The connection drops during the upload: the page says so, asks the server what it kept and goes
 * on from there; the transcript follows.
 */
export const UploadResumed: Story = {
  parameters: {
    visual: false,
    msw: {
      handlers: {
        transcripts: [
          on(transcriptEndpoints.appendUpload, () => HttpResponse.error(), { once: true }),
          on(transcriptEndpoints.uploadOffset, async () => {
            await delay(1500);
            return undefined;
          }),
          submitsUploadId,
          ...transcriptsHandlers.default,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = await submitFile(canvasElement);
    await expect(await canvas.findByText('Connection lost')).toBeInTheDocument();
    await expect(
      await canvas.findByText(/thanks for joining the weekly standup/, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    await expect(canvas.queryByText('Connection lost')).toBeNull();
  },
};

let creations = 0;
/**
 * Refused for lack of credit, then sent again: the file is not uploaded twice (its upload, whole
 * on the server, is found and submitted).
 */
export const RetriedAfterRefusal: Story = {
  parameters: {
    visual: false,
    msw: {
      handlers: {
        transcripts: [
          on(transcriptEndpoints.createUpload, () => {
            creations += 1;
            return undefined;
          }),
          on(
            transcriptEndpoints.submit,
            () =>
              HttpResponse.json(
                {
                  code: 'insufficient_credits',
                  message:
                    'Insufficient credits: this transcription costs $0.01 but your balance is $0.00.',
                },
                { status: 402 },
              ),
            { once: true },
          ),
          submitsUploadId,
          ...transcriptsHandlers.default,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    creations = 0;
    const canvas = await submitFile(canvasElement);
    await expect(await canvas.findByText(/Insufficient credits/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Transcribe' }));
    await expect(
      await canvas.findByText(/thanks for joining the weekly standup/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await expect(creations).toBe(1);
  },
};

/** Submit a URL: the job is queued, then (next poll) completed with the transcript and the code. */
export const Transcribed: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = await submitUrl(canvasElement);
    await expect(
      await canvas.findByText(/thanks for joining the weekly standup/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Download SRT' })).toBeInTheDocument();
    const code = canvas.getByRole('tabpanel', { name: 'curl' });
    await expect(code).toHaveTextContent(
      "--form-string 'audio_url=https://media.example.com/recordings/new-upload.mp3'",
    );
    await expect(code).toHaveTextContent("--form-string 'timestamp_style=word'");
  },
};

/**
 * Translate, key terms, speaker labels and redaction: translating, the user's English-only model
 * gives way to a multilingual one (and back when translation is off), and every option set is sent.
 */
export const WithOptions: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const model = await canvas.findByRole('combobox', { name: 'Model' });
    await expect(await within(model).findByRole('option', { name: /tiny\.en/ })).toBeEnabled();
    await expect(model).toHaveValue('tiny.en');
    const translate = canvas.getByRole('checkbox', { name: 'Translate to English' });
    await userEvent.click(translate);
    await expect(model).toHaveValue('base');
    await expect(within(model).getByRole('option', { name: /tiny\.en/ })).toBeDisabled();
    await userEvent.click(translate);
    await expect(model).toHaveValue('tiny.en');
    await userEvent.click(translate);

    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Key terms' }),
      'Parlance, Ada Lovelace{enter}standup',
    );
    await expect(canvas.queryByRole('combobox', { name: 'Number of speakers' })).toBeNull();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Label speakers' }));
    const speakers = canvas.getByRole('combobox', { name: 'Number of speakers' });
    await expect(speakers).toHaveDisplayValue('Detect automatically');
    await userEvent.selectOptions(speakers, '3');
    await expect(canvas.queryByRole('combobox', { name: 'Replace it with' })).toBeNull();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Redact personal data' }));
    await userEvent.selectOptions(
      canvas.getByRole('combobox', { name: 'Replace it with' }),
      'Its kind, as [PHONE_NUMBER]',
    );
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Bleep it in the audio' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Mask profanity' }));
    // Translating, the speech need not be English: filler words cannot be kept.
    await expect(canvas.getByRole('checkbox', { name: 'Keep filler words' })).toBeDisabled();

    await submitUrl(canvasElement);
    const code = await canvas.findByRole('tabpanel', { name: 'curl' });
    for (const field of [
      'model=base',
      'task=translate',
      'keyterms=Parlance',
      'keyterms=Ada Lovelace',
      'keyterms=standup',
      'speaker_labels=true',
      'speakers_expected=3',
      ...PII_POLICIES.map((policy) => `redact_pii=${policy}`),
      'redact_pii_sub=entity_name',
      'redact_pii_audio=true',
      'filter_profanity=true',
    ])
      await expect(code).toHaveTextContent(`--form-string '${field}'`);
  },
};

/**
 * Quality presets: each picks its model and shows its figures measured on English (another
 * language says so); a model chosen by hand keeps the preset's beam, and says it was not measured
 * so. The preset is sent.
 */
export const QualityPresets: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const model = await canvas.findByRole('combobox', { name: 'Model' });
    await within(model).findByRole('option', { name: /tiny\.en/ });
    const quality = canvas.getByRole('combobox', { name: 'Quality' });
    await expect(quality).toHaveValue('balanced');
    await expect(model).toHaveValue('tiny.en');
    await expect(quality).toHaveAccessibleDescription(qualityHint('balanced', 'tiny.en', true));
    await userEvent.selectOptions(quality, 'best');
    await expect(model).toHaveValue('base');
    await expect(quality).toHaveAccessibleDescription(qualityHint('best', 'base', true));
    await expect(quality).toHaveAccessibleDescription(
      /% of words wrong, .*× faster than real time/,
    );
    const language = canvas.getByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(language, 'de');
    await expect(quality).toHaveAccessibleDescription(
      'base, beam 5: measured here on English speech only.',
    );
    await userEvent.selectOptions(language, 'en');
    await userEvent.selectOptions(model, 'tiny.en');
    await expect(quality).toHaveAccessibleDescription('tiny.en, beam 5: not measured here.');
    await userEvent.selectOptions(quality, 'fast');
    await expect(model).toHaveValue('tiny.en');
    await expect(quality).toHaveAccessibleDescription(/^tiny\.en, greedy decoding: /);
    await submitUrl(canvasElement);
    const code = await canvas.findByRole('tabpanel', { name: 'curl' });
    await expect(code).toHaveTextContent(`--form-string 'quality=fast'`);
  },
};

/**
 * Each channel apart: speaker labels give way (each channel is a speaker), and multichannel is
 * sent without them.
 */
export const Multichannel: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const labels = await canvas.findByRole('checkbox', { name: 'Label speakers' });
    await userEvent.click(labels);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Each channel apart' }));
    await expect(labels).toBeDisabled();
    await expect(labels).not.toBeChecked();
    await expect(canvas.queryByRole('combobox', { name: 'Number of speakers' })).toBeNull();

    await submitUrl(canvasElement);
    const code = await canvas.findByRole('tabpanel', { name: 'curl' });
    await expect(code).toHaveTextContent("--form-string 'multichannel=true'");
    await expect(code).not.toHaveTextContent('speaker_labels');
  },
};

/** Key terms the server would refuse: too many, or one too long; Transcribe waits for a fix. */
export const KeytermsOverLimit: Story = {
  parameters: { visual: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'From a URL' }));
    await userEvent.type(
      canvas.getByRole('textbox', { name: /Audio URL/ }),
      'https://media.example.com/recordings/new-upload.mp3',
    );
    const keyterms = canvas.getByRole('textbox', { name: 'Key terms' });
    const transcribe = canvas.getByRole('button', { name: 'Transcribe' });

    await userEvent.click(keyterms);
    await userEvent.paste(
      Array.from({ length: MAX_KEYTERMS + 1 }, (_, index) => `term ${index + 1}`).join(', '),
    );
    await expect(keyterms).toBeInvalid();
    await expect(keyterms).toHaveAccessibleDescription(
      expect.stringContaining(
        `At most ${MAX_KEYTERMS} key terms: this list has ${MAX_KEYTERMS + 1}.`,
      ),
    );
    await expect(transcribe).toBeDisabled();

    await userEvent.clear(keyterms);
    await userEvent.type(
      keyterms,
      'Ada Lovelace Charles Babbage Analytical Engine Difference Engine',
    );
    await expect(keyterms).toHaveAccessibleDescription(
      expect.stringContaining(
        `A key term is at most ${MAX_KEYTERM_CHARS} characters: “Ada Lovelace Charles…” has 64.`,
      ),
    );
    await expect(transcribe).toBeDisabled();

    await userEvent.clear(keyterms);
    await userEvent.type(
      keyterms,
      'Ada Lovelace, Charles Babbage, Analytical Engine, Difference Engine',
    );
    await expect(keyterms).toBeValid();
    await expect(transcribe).toBeEnabled();
  },
};

export const StillQueued: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { transcripts: transcriptsHandlers.stillQueued } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await submitUrl(canvasElement);
    await expect(await canvas.findByText('2 jobs ahead of yours')).toBeInTheDocument();
  },
};

export const InsufficientCredits: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { transcripts: transcriptsHandlers.insufficientCredits } },
  },
  play: async ({ canvasElement }) => {
    const canvas = await submitUrl(canvasElement);
    await expect(await canvas.findByText(/Insufficient credits/)).toBeInTheDocument();
  },
};

export const ModelsLoading: Story = page.loading(async (canvas) => {
  const model = await canvas.findByRole('combobox', { name: 'Model' });
  await expect(within(model).getByRole('option', { name: 'Loading models…' })).toBeInTheDocument();
});
