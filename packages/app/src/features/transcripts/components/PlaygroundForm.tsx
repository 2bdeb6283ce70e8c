import { useState, type FormEvent } from 'react';
import type { SpeechModelList, TimestampStyle } from '@parlance/server/contract';
import { Alert, Button, FileDrop, SegmentedControl, TextField } from '@parlance/ui';
import type { TranscriptRequestInput } from '../api/transcriptRequest';
import { ModelLanguageSelects } from './ModelLanguageSelects';
import { Form, Group, GroupLabel, Options } from './PlaygroundForm.styles';

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
  const [language, setLanguage] = useState(defaultLanguage);
  const [timestampStyle, setTimestampStyle] = useState<TimestampStyle>('segment');
  const model = chosenModel ?? defaultModel ?? models?.default ?? '';
  const ready = (source === 'file' ? file !== null : audioUrl.trim() !== '') && model !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    onSubmit({
      ...(source === 'file' ? { file } : { audioUrl }),
      model,
      language,
      timestampStyle,
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
      <Options>
        <ModelLanguageSelects
          models={models}
          model={model}
          onModelChange={setModel}
          language={language}
          onLanguageChange={setLanguage}
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
      </Options>
      {error && <Alert variant="danger">{error}</Alert>}
      <div>
        <Button type="submit" size="lg" loading={submitting} disabled={!ready}>
          Transcribe
        </Button>
      </div>
    </Form>
  );
}
