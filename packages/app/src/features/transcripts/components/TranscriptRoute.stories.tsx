import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { on, transcriptsHandlers } from '@parlance/mocks';
import { transcriptEndpoints } from '@parlance/contract/endpoints';
import { DashboardStory } from '../../../test/DashboardStory';
import { pageStates, serverError } from '../../../test/pageStates';

const transcript = (n: number) =>
  `/dashboard/history/7d3e8f20-4a1b-4c5d-9e6f-${String(n).padStart(12, '0')}`;

const page = pageStates(DashboardStory, transcript(2), { transcripts: transcriptsHandlers });
const meta = { title: 'Dashboard/Transcript', ...page.meta } satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Completed: Story = page.populated(async (canvas) => {
  await expect(
    await canvas.findByRole('heading', { level: 2, name: 'weekly-standup-nov-19.m4a' }),
  ).toBeInTheDocument();
  await expect(
    await canvas.findByText(/thanks for joining the weekly standup/),
  ).toBeInTheDocument();
  const txt = canvas.getByRole('link', { name: 'Download TXT' });
  await expect(txt).toHaveAttribute(
    'href',
    '/v1/transcript/7d3e8f20-4a1b-4c5d-9e6f-000000000002/txt',
  );
  for (const format of ['SRT', 'VTT', 'JSON']) {
    await expect(canvas.getByRole('link', { name: `Download ${format}` })).toBeInTheDocument();
  }
  await expect(canvas.getByRole('button', { name: 'Copy text' })).toBeInTheDocument();
  await expect(canvas.getByText('$0.04615')).toBeInTheDocument();
});

/**
 * The caption style of the SRT and VTT downloads: the server's defaults to start with, then the
 * lines the user chose (the other downloads are not captions).
 */
export const CaptionStyle: Story = {
  parameters: { visual: false },
  play: async ({ canvas }) => {
    const srt = await canvas.findByRole('link', { name: 'Download SRT' });
    await expect(srt).toHaveAttribute('href', expect.stringMatching(/\/srt$/));
    await userEvent.click(
      canvas.getByText('Captions (SRT, VTT): 42 characters per line, 2 lines, 17 characters/s'),
    );
    await userEvent.selectOptions(canvas.getByLabelText('Characters per line'), '32');
    await userEvent.selectOptions(canvas.getByLabelText('Lines per caption'), '1');
    await expect(
      canvas.getByText('Captions (SRT, VTT): 32 characters per line, 1 line, 17 characters/s'),
    ).toBeInTheDocument();
    for (const format of ['SRT', 'VTT'])
      await expect(canvas.getByRole('link', { name: `Download ${format}` })).toHaveAttribute(
        'href',
        expect.stringMatching(/\?caption_max_chars=32&caption_max_lines=1$/),
      );
    await expect(canvas.getByRole('link', { name: 'Download TXT' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/txt$/),
    );
  },
};

/**
 * The audio plays from the server beside the text (the mock's is silence as long as the text): a
 * click on a line plays from its start, and the line playing is highlighted.
 */
export const PlaysItsAudio: Story = {
  parameters: { visual: false },
  play: async ({ canvas, canvasElement }) => {
    // The second paragraph: the first ends at the sentence that brings it to 60 words.
    const line = await canvas.findByRole('button', { name: /^\[00:27\] ?Great, let’s get to it/ });
    const audio = canvasElement.querySelector('audio');
    await expect(audio).toHaveAttribute(
      'src',
      `${transcript(2).replace('/dashboard/history', '/v1/transcript')}/audio`,
    );
    await waitFor(() => expect(audio?.duration).toBeGreaterThan(28));
    await userEvent.click(line);
    await waitFor(() => expect(line).toHaveAttribute('aria-current', 'true'));
    await expect(audio?.currentTime).toBeCloseTo(27.69, 1);
  },
};

/** A format the browser cannot play: the transcript stays, and the page says why there is no sound. */
export const UnplayableAudio: Story = {
  parameters: {
    visual: false,
    msw: {
      handlers: {
        transcripts: [
          on(
            transcriptEndpoints.audio,
            () => new HttpResponse('not audio', { headers: { 'content-type': 'audio/wav' } }),
          ),
          ...transcriptsHandlers.default,
        ],
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('This audio cannot be played here')).toBeInTheDocument();
    await expect(canvas.getByText(/thanks for joining the weekly standup/)).toBeInTheDocument();
  },
};

/** A live stream keeps no audio: no player, the text only. */
export const LiveStream: Story = {
  args: { path: transcript(98) },
  parameters: { visual: false },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText(/Every phrase shows up as I speak/)).toBeInTheDocument();
    await expect(canvasElement.querySelector('audio')).toBeNull();
  },
};

/** Completed, but the engine stopped before the end of the audio: the server's notice says why. */
export const Truncated: Story = page.scenario('truncated')(async (canvas) => {
  const notice = await canvas.findByRole('alert');
  await expect(notice).toHaveTextContent('Part of the audio was not transcribed');
  await expect(notice).toHaveTextContent(
    'Only the first 5 min of the audio were transcribed and charged: your balance covers no more (the file said it held 2 s).',
  );
});

/** A job still running: live progress (polled every 2 s). */
export const Processing: Story = {
  args: { path: transcript(1) },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Transcription progress' }),
    ).toHaveAttribute('aria-valuenow', '62');
    await expect(canvas.getByText('Processing 62%')).toBeInTheDocument();
  },
};

export const Queued: Story = {
  args: { path: '/dashboard/history/7d3e8f20-4a1b-4c5d-9e6f-000000000099' },
  parameters: { msw: { handlers: { transcripts: transcriptsHandlers.stillQueued } } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('2 jobs ahead of yours')).toBeInTheDocument();
  },
};

export const Failed: Story = {
  args: { path: transcript(5) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/Could not decode the audio/)).toBeInTheDocument();
  },
};

export const NotFound: Story = {
  args: { path: '/dashboard/history/00000000-0000-4000-8000-000000000000' },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { name: 'Transcript not found' }),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = page.loading(async (canvas) => {
  await expect(
    await canvas.findByRole('link', { name: '← All transcriptions' }),
  ).toBeInTheDocument();
  await expect(canvas.queryByRole('button', { name: 'Delete' })).toBeNull();
});

export const LoadFailure: Story = page.error(serverError());

/** Delete asks first; a refusal is shown in the dialog. */
export const DeleteRefused: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { transcripts: transcriptsHandlers.deleteError } },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete' }));
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Delete this transcript?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete transcript' }));
    await expect(
      await within(dialog).findByText('Could not delete the transcript. Try again.'),
    ).toBeInTheDocument();
  },
};

/** Under retention: the page says when the audio and the transcript will be deleted. */
export const Retention: Story = page.scenario('retention')(async (canvas) => {
  await expect(await canvas.findByText('Until 11/26/2026, 12:00')).toBeInTheDocument();
  await expect(canvas.getByText('Transcript kept').nextElementSibling).toHaveTextContent(
    'Until 12/19/2026, 12:00',
  );
  await expect(canvas.getByRole('button', { name: 'Delete audio' })).toBeInTheDocument();
});

/**
 * Submitted with redact_pii, filter_profanity and quality=best: the page says what was removed and
 * masked, and the preset, and tags stand where it was.
 */
export const Redacted: Story = page.scenario('redacted')(async (canvas) => {
  await expect(await canvas.findByText('Quality')).toBeInTheDocument();
  await expect(canvas.getByText('Quality').nextElementSibling).toHaveTextContent('Best');
  await expect(await canvas.findByText('Profanity')).toBeInTheDocument();
  await expect(canvas.getByText('Profanity').nextElementSibling).toHaveTextContent('Masked');
  await expect(await canvas.findByText('Redacted')).toBeInTheDocument();
  await expect(canvas.getByText('Redacted').nextElementSibling).toHaveTextContent(
    'Phone numbers, e-mail addresses (as tags, and a tone in the audio)',
  );
  await expect(
    canvas.getByText(/Questions to \[EMAIL_ADDRESS\] or \[PHONE_NUMBER\]/),
  ).toBeInTheDocument();
});

/** Submitted with multichannel: the page says so, and each channel's turns are its speaker's. */
export const Multichannel: Story = page.scenario('multichannel')(async (canvas) => {
  await expect(await canvas.findByText('Channels')).toBeInTheDocument();
  await expect(canvas.getByText('Channels').nextElementSibling).toHaveTextContent(
    '2, one speaker each',
  );
  await expect(canvas.getAllByText('Speaker B')).not.toHaveLength(0);
});

/** The audio was deleted: the text stays, with no player and nothing left to delete of it. */
export const AudioDeleted: Story = {
  parameters: { msw: { handlers: { transcripts: transcriptsHandlers.audioDeleted } } },
  play: async ({ canvas, canvasElement }) => {
    await expect(await canvas.findByText('Deleted Today, 10:00')).toBeInTheDocument();
    await expect(canvas.getByText(/thanks for joining the weekly standup/)).toBeInTheDocument();
    await expect(canvasElement.querySelector('audio')).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Delete audio' })).toBeNull();
  },
};

/** What the page sends when the audio is deleted. */
const audioDeletes = fn();
const recordAudioDelete = on(transcriptEndpoints.deleteAudio, ({ request }) => {
  audioDeletes(new URL(request.url).pathname);
});

/** Delete audio asks first, then deletes the audio alone: the transcript stays on the page. */
export const DeletingTheAudio: Story = {
  parameters: {
    visual: false,
    msw: { handlers: { transcripts: [recordAudioDelete, ...transcriptsHandlers.default] } },
  },
  play: async ({ canvas }) => {
    audioDeletes.mockClear();
    await userEvent.click(await canvas.findByRole('button', { name: 'Delete audio' }));
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Delete the audio?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete audio' }));
    await expect(await within(document.body).findByText('Audio deleted')).toBeInTheDocument();
    await expect(audioDeletes).toHaveBeenCalledTimes(1);
    await expect(audioDeletes).toHaveBeenCalledWith(
      `${transcript(2).replace('/dashboard/history', '/v1/transcript')}/audio`,
    );
    await expect(canvas.getByText(/thanks for joining the weekly standup/)).toBeInTheDocument();
  },
};

/** With speaker labels: the speakers listed with their colours, the text turn by turn. */
export const WithSpeakers: Story = {
  args: { path: transcript(3) },
  play: async ({ canvas }) => {
    const speakers = await canvas.findByRole('list', { name: 'Speakers' });
    await expect(within(speakers).getAllByRole('listitem')).toHaveLength(3);
    for (const name of ['Dana Whitfield', 'Speaker B', 'Speaker C'])
      await expect(
        within(speakers).getByRole('button', { name: `Rename ${name}` }),
      ).toBeInTheDocument();
    const text = canvas.getByRole('region', { name: 'Transcript text' });
    await expect(within(text).getAllByRole('button')).toHaveLength(6);
    for (const turn of [
      /^\[00:00\] ?Dana Whitfield ?Thanks for making time today/,
      /^\[00:06\] ?Speaker B ?We record every customer call/,
      /^\[00:27\] ?Speaker C ?That is the part I care about most/,
    ])
      await expect(within(text).getByRole('button', { name: turn })).toBeInTheDocument();
  },
};

/** What the page sends when a speaker is renamed. */
const sentNames = fn();
const recordSpeakerNames = on(transcriptEndpoints.speakers, async ({ request }) => {
  sentNames(await request.clone().json());
});

/** Renaming B saves every name at once; the new name shows in the legend and the transcript. */
export const RenamingASpeaker: Story = {
  args: { path: transcript(3) },
  parameters: {
    visual: false,
    msw: { handlers: { transcripts: [recordSpeakerNames, ...transcriptsHandlers.default] } },
  },
  play: async ({ canvas }) => {
    sentNames.mockClear();
    await userEvent.click(await canvas.findByRole('button', { name: 'Rename Speaker B' }));
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Rename Speaker B',
    });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'Priya Raman');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await expect(sentNames).toHaveBeenCalledTimes(1);
    await expect(sentNames).toHaveBeenCalledWith({
      names: { A: 'Dana Whitfield', B: 'Priya Raman' },
    });
    await expect(await within(document.body).findByText('Speaker name saved')).toBeInTheDocument();
    const text = canvas.getByRole('region', { name: 'Transcript text' });
    await expect(within(text).getAllByText('Priya Raman')).toHaveLength(2);
    await expect(canvas.queryByText('Speaker B')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Rename Priya Raman' })).toBeInTheDocument();
  },
};

/** A refused save keeps the dialog open with the server's message; the name is unchanged. */
export const RenameFails: Story = {
  args: { path: transcript(3) },
  parameters: {
    visual: false,
    msw: { handlers: { transcripts: transcriptsHandlers.renameSpeakersError } },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Rename Speaker B' }));
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Rename Speaker B',
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Priya Raman');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(
      await within(dialog).findByText('Something went wrong on our side'),
    ).toBeInTheDocument();
    await expect(canvas.getAllByText('Speaker B').length).toBeGreaterThan(0);
    await expect(canvas.queryByText('Priya Raman')).toBeNull();
  },
};
