import { useState, type FormEvent } from 'react';
import type { PiiSubstitution, Quality, SpeechModelList, TimestampStyle } from '@parlance/contract';
import {
  MAX_KEYTERMS,
  MAX_SPEAKERS,
  modelForQuality,
  PII_POLICIES,
} from '@parlance/contract/endpoints';
import {
  Alert,
  Button,
  FileDrop,
  SegmentedControl,
  Select,
  Textarea,
  TextField,
} from '@parlance/ui';
import {
  keytermsError,
  parseKeyterms,
  type TranscriptRequestInput,
} from '../api/transcriptRequest';
import { PII_POLICY_LABELS } from '../utils/transcriptDisplay';
import { englishOnly, ModelLanguageSelects } from './ModelLanguageSelects';
import { QualitySelect } from './QualitySelect';
import { Form, Group, GroupLabel, OptionRows, Toggle, TopAligned } from './PlaygroundForm.styles';

/** What the upload accepts: any audio or video file. */
export const ACCEPTED_MEDIA = ['audio/*', 'video/*'] as const;

type Source = 'file' | 'url';

export interface PlaygroundFormProps {
  models: SpeechModelList | undefined;
  defaultModel: string | null;
  defaultLanguage: string;
  submitting: boolean;
  /** The server's message when the submission failed. */
  error: string | null;
  onSubmit: (input: TranscriptRequestInput) => void;
}

const TIMESTAMP_OPTIONS: { value: TimestampStyle; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'segment', label: 'Segment' },
  { value: 'word', label: 'Word' },
];

const PII_SUB_OPTIONS: { value: PiiSubstitution; label: string }[] = [
  { value: 'hash', label: '# for each character' },
  { value: 'entity_name', label: 'Its kind, as [PHONE_NUMBER]' },
];

/** Detect automatically (the empty value), or 1 to MAX_SPEAKERS people. */
const SPEAKER_COUNT_OPTIONS = [
  { value: '', label: 'Detect automatically' },
  ...Array.from({ length: MAX_SPEAKERS }, (_, index) => ({
    value: String(index + 1),
    label: String(index + 1),
  })),
];

/**
 * The model a translation uses: the preferred one unless it is English-only, then the models
 * list's default if it is multilingual, else the first multilingual one. With none installed, the
 * preferred one: the server refuses it and says why.
 */
function translationModel(models: SpeechModelList | undefined, preferred: string): string {
  const multilingual = (models?.data ?? [])
    .filter((option) => !englishOnly(option))
    .map((option) => option.id);
  const [first] = multilingual;
  if (!models || first === undefined || multilingual.includes(preferred)) return preferred;
  return multilingual.includes(models.default) ? models.default : first;
}

/** Audio (upload or URL) and the options of one transcription request. */
export function PlaygroundForm({
  models,
  defaultModel,
  defaultLanguage,
  submitting,
  error,
  onSubmit,
}: PlaygroundFormProps) {
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [audioUrl, setAudioUrl] = useState('');
  const [chosenModel, setModel] = useState<string | null>(null);
  const [quality, setQuality] = useState<Quality>('balanced');
  const [language, setLanguage] = useState(defaultLanguage);
  const [timestampStyle, setTimestampStyle] = useState<TimestampStyle>('segment');
  const [translate, setTranslate] = useState(false);
  const [speakerLabels, setSpeakerLabels] = useState(false);
  /** '' while the number of speakers is left to detection. */
  const [speakersExpected, setSpeakersExpected] = useState('');
  const [multichannel, setMultichannel] = useState(false);
  const [redactPii, setRedactPii] = useState(false);
  const [redactPiiSub, setRedactPiiSub] = useState<PiiSubstitution>('hash');
  const [redactPiiAudio, setRedactPiiAudio] = useState(false);
  const [filterProfanity, setFilterProfanity] = useState(false);
  const [keepFillers, setKeepFillers] = useState(false);
  const [keytermText, setKeytermText] = useState('');
  const keyterms = parseKeyterms(keytermText);
  const keytermProblem = keytermsError(keyterms);
  const task = translate ? 'translate' : 'transcribe';
  // The account's default model stands for the balanced preset; the others pick their own.
  const preferred =
    chosenModel ??
    (quality === 'balanced' ? defaultModel : null) ??
    (models &&
      modelForQuality(
        quality,
        models.data.map((option) => option.id),
        models,
        language,
        task,
      )) ??
    '';
  // Translation needs a multilingual model: an English-only choice gives way while it is on.
  const model = translate ? translationModel(models, preferred) : preferred;
  // Filler words are kept by an English prompt: the speech must be English.
  const english = !translate && (language === 'en' || model.endsWith('.en'));
  const ready =
    (source === 'file' ? file !== null : audioUrl.trim() !== '') &&
    model !== '' &&
    keytermProblem === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    onSubmit({
      ...(source === 'file' ? { file } : { audioUrl }),
      model,
      language,
      quality,
      timestampStyle,
      task: translate ? 'translate' : undefined,
      keyterms,
      // Each channel is a speaker: the two ways of labelling speakers exclude each other.
      ...(multichannel
        ? { multichannel }
        : {
            speakerLabels,
            speakersExpected: speakersExpected === '' ? undefined : Number(speakersExpected),
          }),
      ...(redactPii ? { redactPii: PII_POLICIES, redactPiiSub, redactPiiAudio } : {}),
      filterProfanity,
      disfluencies: keepFillers && english,
    });
  };

  return (
    <Form onSubmit={submit} aria-label="Transcribe audio">
      <SegmentedControl
        aria-label="Audio source"
        options={[
          { value: 'file', label: 'Upload a file' },
          { value: 'url', label: 'From a URL' },
        ]}
        value={source}
        onChange={setSource}
      />
      {source === 'file' ? (
        <FileDrop
          label="Audio or video file"
          accept={ACCEPTED_MEDIA}
          value={file}
          onFileChange={setFile}
        />
      ) : (
        <TextField
          label="Audio URL"
          type="url"
          placeholder="https://example.com/recording.mp3"
          value={audioUrl}
          onChange={(event) => setAudioUrl(event.target.value)}
          hint="A public http(s) link to an audio or video file."
        />
      )}
      <OptionRows>
        <ModelLanguageSelects
          models={models}
          model={model}
          onModelChange={setModel}
          language={language}
          onLanguageChange={setLanguage}
          multilingualOnly={translate}
        />
        <Group>
          <GroupLabel aria-hidden="true">Timestamps</GroupLabel>
          <SegmentedControl
            aria-label="Timestamps"
            options={TIMESTAMP_OPTIONS}
            value={timestampStyle}
            onChange={setTimestampStyle}
          />
        </Group>
        <TopAligned>
          <QualitySelect
            quality={quality}
            model={model}
            english={!translate && language === 'en'}
            onChange={(next) => {
              setQuality(next);
              setModel(null);
            }}
          />
        </TopAligned>
        <Toggle
          label="Translate to English"
          hint="English text from speech in any language; needs a multilingual model."
          checked={translate}
          onChange={(event) => setTranslate(event.target.checked)}
        />
        <Toggle
          label="Label speakers"
          hint={
            multichannel
              ? 'Each channel is a speaker already.'
              : 'Who spoke when: each segment and word gets a speaker, A, B, …'
          }
          checked={speakerLabels && !multichannel}
          disabled={multichannel}
          onChange={(event) => setSpeakerLabels(event.target.checked)}
        />
        {speakerLabels && !multichannel && (
          <Select
            label="Number of speakers"
            options={SPEAKER_COUNT_OPTIONS}
            value={speakersExpected}
            onChange={(event) => setSpeakersExpected(event.target.value)}
          />
        )}
        <Toggle
          label="Each channel apart"
          hint="For calls recorded one speaker to a channel: each channel is transcribed as its own speaker, and billed."
          checked={multichannel}
          onChange={(event) => setMultichannel(event.target.checked)}
        />
        <Toggle
          label="Keep filler words"
          hint={
            english
              ? 'Um, uh and hmm, which are otherwise mostly left out.'
              : 'Um, uh and hmm: for English only.'
          }
          checked={keepFillers && english}
          disabled={!english}
          onChange={(event) => setKeepFillers(event.target.checked)}
        />
        <Toggle
          label="Mask profanity"
          hint="Swear words keep their first letter: f***."
          checked={filterProfanity}
          onChange={(event) => setFilterProfanity(event.target.checked)}
        />
        <Toggle
          label="Redact personal data"
          hint={`Removes ${Object.values(PII_POLICY_LABELS).join(', ')} before the transcript is stored.`}
          checked={redactPii}
          onChange={(event) => setRedactPii(event.target.checked)}
        />
        {redactPii && (
          <>
            <Select
              label="Replace it with"
              options={PII_SUB_OPTIONS}
              value={redactPiiSub}
              onChange={(event) => setRedactPiiSub(event.target.value as PiiSubstitution)}
            />
            <Toggle
              label="Bleep it in the audio"
              hint="The kept audio gets a tone over the redacted words."
              checked={redactPiiAudio}
              onChange={(event) => setRedactPiiAudio(event.target.checked)}
            />
          </>
        )}
      </OptionRows>
      <Textarea
        label="Key terms"
        rows={2}
        placeholder="Parlance, Ada Lovelace, diarization"
        hint={`Names and jargon to get right, separated by commas or new lines (up to ${MAX_KEYTERMS}).`}
        error={keytermProblem}
        value={keytermText}
        onChange={(event) => setKeytermText(event.target.value)}
      />
      {error && <Alert variant="danger">{error}</Alert>}
      <div>
        <Button type="submit" size="lg" loading={submitting} disabled={!ready}>
          Transcribe
        </Button>
      </div>
    </Form>
  );
}
