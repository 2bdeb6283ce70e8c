import { useState } from 'react';
import type { SpeechModelList } from '@parlance/contract';
import { formatUsd, priceMicros } from '@parlance/contract/money';
import { defaultModelFor, REALTIME_CLOSE } from '@parlance/contract/endpoints';
import { Alert, Badge, Button, Card, EmptyState, Link, MicIcon } from '@parlance/ui';
import { paths } from '../../../paths';
import { RouterLink } from '../../../shared/RouterLink';
import { formatDuration } from '../../../shared/timeDisplay';
import { Stack } from '../../../shared/PageHeader.styles';
import type { LivePhase, LiveState } from '../api/liveSession';
import type { LiveOptions } from '../api/useLiveTranscription';
import type { MicrophoneProblem } from '../utils/microphone';
import { ModelLanguageSelects } from './ModelLanguageSelects';
import { Options, Toggle } from './PlaygroundForm.styles';
import { Controls, Figures, Meter, MeterFill, Phrase, Phrases, Time } from './LivePanel.styles';

export interface LivePanelProps {
  state: LiveState;
  models: SpeechModelList | undefined;
  defaultModel: string | null;
  defaultLanguage: string;
  onStart: (options: LiveOptions) => void;
  onStop: () => void;
}

const ACTIVE: ReadonlySet<LivePhase> = new Set(['asking', 'connecting', 'streaming', 'finishing']);

const PHASE_TEXT: Partial<
  Record<LivePhase, { label: string; tone: 'info' | 'danger' | 'success' }>
> = {
  asking: { label: 'Waiting for the microphone', tone: 'info' },
  connecting: { label: 'Connecting', tone: 'info' },
  streaming: { label: 'Listening', tone: 'danger' },
  finishing: { label: 'Finishing', tone: 'info' },
  done: { label: 'Saved', tone: 'success' },
};

/** What the page says when the microphone could not be opened, and how to fix it. */
const MICROPHONE_HELP: Record<MicrophoneProblem, { title: string; text: string }> = {
  denied: {
    title: 'Microphone access is blocked',
    text: 'Allow it for this site: select the icon at the left of the address bar (a padlock or sliders), set Microphone to Allow, then press Start again.',
  },
  missing: {
    title: 'No microphone found',
    text: 'Connect a microphone, or check that it is switched on and enabled in your system settings, then press Start again.',
  },
  unsupported: {
    title: 'This browser cannot capture audio here',
    text: 'Live transcription needs a current browser on a secure (https) page.',
  },
  failed: {
    title: 'The microphone could not be started',
    text: 'Another app may be using it. Close that app, then press Start again.',
  },
};

/**
 * Live mode of the playground: speak into the microphone and watch the text arrive (the phrase
 * being spoken lighter, replaced as it changes; finished phrases with their start time), the
 * seconds streamed and what they cost; after Stop, a link to the saved transcript.
 */
export function LivePanel({
  state,
  models,
  defaultModel,
  defaultLanguage,
  onStart,
  onStop,
}: LivePanelProps) {
  const [chosenModel, setModel] = useState<string | null>(null);
  const [language, setLanguage] = useState(defaultLanguage);
  const [redactPii, setRedactPii] = useState(false);
  const model =
    chosenModel ??
    defaultModel ??
    (models && defaultModelFor(models, language, 'transcribe')) ??
    '';
  const active = ACTIVE.has(state.phase);
  const billedModel = state.model ?? model;
  const rate = models?.data.find((option) => option.id === billedModel)?.microsPerHour;
  const phase = PHASE_TEXT[state.phase];
  const nothingYet = state.finals.length === 0 && !state.partial;

  return (
    <Stack>
      <Card
        title="Live transcription"
        description="Speak into your microphone: the text appears as you talk. Streaming is charged per second of audio at the model's price."
      >
        <Stack>
          <Options>
            <ModelLanguageSelects
              models={models}
              model={model}
              onModelChange={setModel}
              language={language}
              onLanguageChange={setLanguage}
              disabled={active}
            />
            <Toggle
              label="Redact personal data"
              hint="While you speak, every number, e-mail address and capitalized word within a sentence is hidden; finals hide card, bank, phone and social security numbers, e-mail addresses, dates of birth, names and places."
              checked={redactPii}
              disabled={active}
              onChange={(event) => setRedactPii(event.target.checked)}
            />
          </Options>
          <Controls>
            {active ? (
              <Button
                variant="danger"
                size="lg"
                onClick={onStop}
                loading={state.phase === 'finishing'}
              >
                Stop
              </Button>
            ) : (
              <Button
                size="lg"
                icon={<MicIcon />}
                onClick={() => onStart({ model: model || null, language, redactPii })}
              >
                {state.phase === 'idle' ? 'Start' : 'Start again'}
              </Button>
            )}
            {phase && (
              <Badge tone={phase.tone} dot role="status">
                {phase.label}
              </Badge>
            )}
            {(state.phase === 'connecting' || state.phase === 'streaming') && (
              <Meter
                role="meter"
                aria-label="Microphone level"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(state.level * 100)}
              >
                <MeterFill $level={state.level} />
              </Meter>
            )}
          </Controls>
          {(active || state.phase === 'done' || state.seconds > 0) && state.phase !== 'asking' && (
            <Figures aria-label="This stream">
              <div>
                <dt>Elapsed</dt>
                <dd>{formatDuration(state.seconds)}</dd>
              </div>
              <div>
                {/* Once saved, what was billed: the same figure as the saved transcript's. */}
                <dt>{state.done ? 'Cost' : 'Cost so far'}</dt>
                <dd>
                  {state.done
                    ? formatUsd(state.done.cost_micros)
                    : rate === undefined
                      ? '—'
                      : formatUsd(priceMicros(state.seconds, rate))}
                </dd>
              </div>
              <div>
                <dt>Model</dt>
                <dd>{billedModel || '—'}</dd>
              </div>
            </Figures>
          )}
          {state.behind > 0 && (state.phase === 'streaming' || state.phase === 'finishing') && (
            <Alert variant="warning" title="Transcription is behind">
              The server is {formatDuration(state.behind)} behind your audio. The text catches up if
              it can; any seconds it cannot transcribe are said when you stop, and not billed.
            </Alert>
          )}
          {state.phase === 'asking' && (
            <Alert title="Allow the microphone">
              Your browser is asking to use the microphone: choose Allow to start.
            </Alert>
          )}
          {state.microphone && (
            <Alert variant="warning" title={MICROPHONE_HELP[state.microphone].title}>
              {MICROPHONE_HELP[state.microphone].text}
            </Alert>
          )}
          {state.failure && (state.phase === 'failed' || state.phase === 'done') && (
            <Alert
              variant="danger"
              title={state.done ? 'Live transcription stopped early' : 'Live transcription stopped'}
              action={
                state.failure.closeCode === REALTIME_CLOSE.insufficientCredits ||
                state.failure.code === 'insufficient_credits' ? (
                  <Link href={paths.dashboard.billing.getHref()} linkComponent={RouterLink}>
                    Add credit
                  </Link>
                ) : undefined
              }
            >
              {state.failure.message}
            </Alert>
          )}
          {state.done && (
            <Alert
              variant={state.done.untranscribed_seconds > 0 ? 'warning' : 'success'}
              title={
                state.done.untranscribed_seconds > 0
                  ? 'Part of the audio was not transcribed'
                  : 'Transcript saved'
              }
            >
              {state.done.untranscribed_seconds > 0 &&
                `${formatDuration(state.done.untranscribed_seconds)} of audio were not transcribed, nor billed. `}
              Billed {formatDuration(state.done.billed_seconds)} of audio,{' '}
              {formatUsd(state.done.cost_micros)}.{' '}
              <Link
                href={paths.dashboard.transcript.getHref(state.done.id)}
                linkComponent={RouterLink}
              >
                Open the transcript
              </Link>
            </Alert>
          )}
        </Stack>
      </Card>
      <Card title="Transcript" aria-live="polite">
        {nothingYet ? (
          <EmptyState
            icon={<MicIcon />}
            title="Nothing said yet"
            description="Press Start and speak: phrases appear here as they are recognised."
          />
        ) : (
          <Phrases aria-label="Live transcript">
            {state.finals.map((phrase, index) => (
              <Phrase key={index}>
                <Time>{formatDuration(phrase.start)}</Time>
                <span>{phrase.text}</span>
              </Phrase>
            ))}
            {state.partial && (
              <Phrase $partial aria-label={`Still hearing: ${state.partial.text}`}>
                <Time>{formatDuration(state.partial.start)}</Time>
                <span>{state.partial.text}</span>
              </Phrase>
            )}
          </Phrases>
        )}
      </Card>
    </Stack>
  );
}
