import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { SpeechModelList, TimestampStyle } from '@parlance/server/contract';
import { Alert, Button, FileDrop, SegmentedControl, Select, TextField } from '@parlance/ui';
import { LANGUAGES } from '../../transcripts/languages';
import type { TranscriptRequestInput } from '../../transcripts/transcriptRequest';

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

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  align-items: end;
`;

const Group = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const GroupLabel = styled.span`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.color.text};
`;

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
        <Select
          label="Model"
          options={(models?.models ?? []).map((option) => ({
            value: option.id,
            label: `${option.id} · $${option.usdPerMinute.toFixed(3)}/min`,
          }))}
          value={model}
          onChange={(event) => setModel(event.target.value)}
          placeholder={models ? undefined : 'Loading models…'}
        />
        <Select
          label="Language"
          options={LANGUAGES}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
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
