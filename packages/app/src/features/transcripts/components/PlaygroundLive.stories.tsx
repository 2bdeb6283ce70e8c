import { useEffect, useRef, type ReactNode } from 'react';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LIVE_CUT_SECONDS, transcriptsHandlers } from '@parlance/mocks';
import { liveTranscriptFixture } from '@parlance/mocks/fixtures/transcripts';
import { paths } from '../../../paths';
import { DashboardStory } from '../../../test/DashboardStory';
import { pageStates, type Check } from '../../../test/pageStates';
import { syntheticMicrophone, type SyntheticMicrophoneOptions } from '../utils/syntheticMicrophone';
import { MicrophoneProvider } from './MicrophoneProvider';

/**
 * The Live mode of the playground, fed by the mocks' `/v1/realtime` (transcriptsHandlers) and a
 * synthetic microphone (a test browser cannot grant the real one): `parameters.microphone` says
 * how it answers and how long it speaks; `parameters.pressStart` presses Start once the models
 * have loaded, so the state is reached without a play function (as the visual references are).
 */
interface LiveParameters {
  microphone?: SyntheticMicrophoneOptions;
  pressStart?: boolean;
}

/** Presses Start once the model list is in (the stream then uses the user's default model). */
function PressStart({ children }: { children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let cancelled = false;
    const page = within(element);
    void (async () => {
      const model = await page.findByRole('combobox', { name: 'Model' }, { timeout: 10_000 });
      await within(model).findByRole('option', { name: /tiny\.en/ }, { timeout: 10_000 });
      const start = await page.findByRole('button', { name: 'Start' });
      if (!cancelled) start.click();
    })();
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <div ref={root} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

const withMicrophone: Decorator = (Story, { parameters }) => {
  const { microphone, pressStart } = parameters as LiveParameters;
  const story = (
    <MicrophoneProvider open={syntheticMicrophone(microphone)}>
      <Story />
    </MicrophoneProvider>
  );
  return pressStart ? <PressStart>{story}</PressStart> : story;
};

const page = pageStates(DashboardStory, `${paths.dashboard.playground.getHref()}?mode=live`, {
  transcripts: transcriptsHandlers,
});
const meta = {
  title: 'Dashboard/Playground/Live',
  ...page.meta,
  decorators: [withMicrophone],
} satisfies Meta<typeof DashboardStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A story that presses Start, the microphone answering as `microphone` says. */
const started = (
  story: { parameters?: Record<string, unknown>; play: Story['play'] },
  microphone: SyntheticMicrophoneOptions,
  parameters: Record<string, unknown> = {},
): Story => ({
  ...story,
  parameters: {
    ...story.parameters,
    ...parameters,
    ...({ microphone, pressStart: true } satisfies LiveParameters),
  },
});

const FIRST = 'Testing the live playground.';
const SECOND = 'Every phrase shows up as I speak.';

/** The live status badge reads `label`. */
const status =
  (label: string): Check =>
  (canvas) =>
    waitFor(() =>
      expect(canvas.getAllByRole('status').map((element) => element.textContent)).toContain(label),
    );

/** The stream's figure `term` (Elapsed, Cost so far, Model) reads `value`. */
const figure =
  (term: string, value: string): Check =>
  (canvas) =>
    waitFor(() =>
      expect(canvas.getByText(term, { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        value,
      ),
    );

export const Idle: Story = page.populated(async (canvas) => {
  await expect(await canvas.findByRole('tab', { name: 'Live' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    await canvas.findByRole('heading', { name: 'Nothing said yet' }),
  ).toBeInTheDocument();
  const model = await canvas.findByRole('combobox', { name: 'Model' });
  await expect(await within(model).findByRole('option', { name: /tiny\.en/ })).toBeInTheDocument();
  await expect(model).toHaveValue('tiny.en');
  await expect(canvas.getByRole('button', { name: 'Start' })).toBeEnabled();
  await expect(canvas.getByRole('checkbox', { name: 'Redact personal data' })).not.toBeChecked();
  await expect(canvas.queryByRole('meter')).not.toBeInTheDocument();
});

/** The browser's permission prompt is open: the page says what to do, and Stop gives up. */
export const AskingPermission: Story = started(
  page.populated(async (canvas) => {
    await expect(await canvas.findByText('Allow the microphone')).toBeInTheDocument();
    await status('Waiting for the microphone')(canvas);
    await expect(canvas.getByRole('combobox', { name: 'Model' })).toBeDisabled();
    await expect(canvas.getByRole('checkbox', { name: 'Redact personal data' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    await expect(await canvas.findByRole('button', { name: 'Start' })).toBeEnabled();
    await expect(canvas.queryByText('Allow the microphone')).not.toBeInTheDocument();
  }),
  { answer: 'wait' },
);

export const PermissionDenied: Story = started(
  page.populated(async (canvas) => {
    await expect(await canvas.findByText('Microphone access is blocked')).toBeInTheDocument();
    await expect(canvas.getByText(/set Microphone to Allow/)).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Start again' })).toBeEnabled();
  }),
  { answer: 'deny' },
);

export const NoMicrophone: Story = started(
  page.populated(async (canvas) => {
    await expect(await canvas.findByText('No microphone found')).toBeInTheDocument();
    await expect(canvas.getByText(/Connect a microphone/)).toBeInTheDocument();
  }),
  { answer: 'missing' },
);

/**
 * 2.5 s spoken and still listening: the first phrase committed (its partials replaced by it), the
 * second still a partial, the level, the seconds sent and their cost at tiny.en's price.
 */
export const Streaming: Story = started(
  page.populated(async (canvas) => {
    const transcript = await canvas.findByRole('list', { name: 'Live transcript' });
    await expect(
      await within(transcript).findByRole('listitem', {
        name: 'Still hearing: Every phrase shows up',
      }),
    ).toBeInTheDocument();
    const items = within(transcript).getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent(`0:00${FIRST}`);
    await expect(transcript).not.toHaveTextContent('Testing the live play ');
    await expect(canvas.queryByText('Testing the live play')).not.toBeInTheDocument();
    await status('Listening')(canvas);
    await figure('Elapsed', '0:02')(canvas);
    // 2.5 s at $0.002 a minute: 83.3 µ$, rounded up.
    await figure('Cost so far', '$0.000084')(canvas);
    await figure('Model', 'tiny.en')(canvas);
    const meter = canvas.getByRole('meter', { name: 'Microphone level' });
    await expect(Number(meter.getAttribute('aria-valuenow'))).toBeGreaterThan(50);
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeEnabled();
  }),
  { seconds: 2.5, afterwards: 'hold' },
);

const savedLink: Check = async (canvas) => {
  const link = await canvas.findByRole(
    'link',
    { name: 'Open the transcript' },
    { timeout: 10_000 },
  );
  await expect(link).toHaveAttribute(
    'href',
    paths.dashboard.transcript.getHref(liveTranscriptFixture.id),
  );
};

/** The microphone stopped after 2.5 s (as when it is unplugged): the stream ends and is saved. */
export const Done: Story = started(
  page.populated(savedLink, async (canvas) => {
    await expect(canvas.getByText(/Billed 0:02 of audio, \$0\.000084\./)).toBeInTheDocument();
    const transcript = canvas.getByRole('list', { name: 'Live transcript' });
    await expect(
      within(transcript)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`0:00${FIRST}`, `0:01${SECOND}`]);
    await status('Saved')(canvas);
    await expect(canvas.getByRole('button', { name: 'Start again' })).toBeEnabled();
  }),
  { seconds: 2.5, afterwards: 'end' },
);

/** Stop: `end` goes out, the last phrase comes back as a final, then `done` with the link. */
export const StopSavesTheTranscript: Story = started(
  page.populated(async (canvas) => {
    await canvas.findByRole('listitem', { name: 'Still hearing: Every phrase shows up' });
    await userEvent.click(canvas.getByRole('button', { name: 'Stop' }));
    await savedLink(canvas);
    await expect(canvas.getByText(SECOND)).toBeInTheDocument();
    await expect(canvas.queryByRole('listitem', { name: /Still hearing/ })).toBeNull();
  }),
  { seconds: 2.5, afterwards: 'hold' },
  { visual: false },
);

/** The balance ran out mid-stream: the server's message, and what it heard is still saved. */
export const InsufficientCredits: Story = started(
  page.scenario('liveInsufficientCredits')(async (canvas) => {
    await expect(
      await canvas.findByText(/Insufficient credits: your balance covers no more live audio/),
    ).toBeInTheDocument();
    await expect(canvas.getByText('Live transcription stopped early')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Add credit' })).toHaveAttribute(
      'href',
      paths.dashboard.billing.getHref(),
    );
    await savedLink(canvas);
    await expect(canvas.getByText(SECOND)).toBeInTheDocument();
  }),
  { seconds: 2.5, afterwards: 'hold' },
);

/** The server falls behind the audio (`lag`): the page says so while the stream runs. */
export const FallsBehind: Story = started(
  page.scenario('liveFellBehind')(async (canvas) => {
    await expect(await canvas.findByText('Transcription is behind')).toBeInTheDocument();
    await expect(canvas.getByText(/The server is 0:03 behind your audio/)).toBeInTheDocument();
    await status('Listening')(canvas);
  }),
  { seconds: 2.5, afterwards: 'hold' },
);

/**
 * It stopped behind: the seconds after the last final were not transcribed (`gap`), and the page
 * says how many, in the words of a batch job's notice; the cost shown is what was billed.
 */
export const SavedWithAGap: Story = started(
  page.scenario('liveFellBehind')(async (canvas) => {
    await savedLink(canvas);
    await expect(canvas.getByText('Part of the audio was not transcribed')).toBeInTheDocument();
    const saved = canvas.getByText(/0:01 of audio were not transcribed, nor billed\. Billed 0:01/);
    const billed = /(\$[\d.]+)\./.exec(saved.textContent ?? '')?.[1];
    await figure('Cost', billed ?? 'no amount in the notice')(canvas);
    await expect(canvas.queryByText('Transcription is behind')).toBeNull();
    await expect(canvas.queryByText(SECOND)).toBeNull();
  }),
  { seconds: 2.5, afterwards: 'end' },
);

/** The socket closed with no error and no done (1006): the finals so far stay on screen. */
export const ConnectionLost: Story = started(
  page.scenario('liveConnectionLost')(async (canvas) => {
    await expect(
      await canvas.findByText(/The connection to the server was lost/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await expect(canvas.getByText('Live transcription stopped')).toBeInTheDocument();
    await expect(canvas.getByText(FIRST)).toBeInTheDocument();
    await expect(canvas.queryByRole('listitem', { name: /Still hearing/ })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Open the transcript' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Start again' })).toBeEnabled();
  }),
  // No more audio than the stream takes before it drops: on a busy machine the next chunk could
  // be sent before the close arrives, and the page would count (and price) one chunk more.
  { seconds: LIVE_CUT_SECONDS, afterwards: 'hold' },
);

/** Refused before it starts (4429): the server's message, nothing saved. */
export const TooManyStreams: Story = started(
  page.scenario('liveTooManyStreams')(async (canvas) => {
    await expect(
      await canvas.findByText(/already has 2 live streams open/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Add credit' })).toBeNull();
    await expect(canvas.queryByRole('link', { name: 'Open the transcript' })).toBeNull();
  }),
  { seconds: 2.5, afterwards: 'hold' },
  { visual: false },
);

/** The mode is a tab, kept in the address (`?mode=live`). */
export const SwitchesModes: Story = {
  args: { path: paths.dashboard.playground.getHref() },
  parameters: { visual: false },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('tab', { name: 'Live' }));
    await expect(await canvas.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('tab', { name: 'File' }));
    await expect(await canvas.findByRole('button', { name: 'Transcribe' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Start' })).toBeNull();
  },
};
