import type { ReactNode } from 'react';
import type { SpeechModelList, Transcript } from '@parlance/contract';
import { Card, CodeTabs, EmptyState, MicIcon, Tabs } from '@parlance/ui';
import type { UploadState } from '../api/resumableUpload';
import type { TranscriptRequestInput } from '../api/transcriptRequest';
import { requestSnippets, type SnippetRequest } from '../utils/requestSnippets';
import { JobProgress } from './JobProgress';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { TranscriptResultView } from './TranscriptResultView';
import { PlaygroundForm } from './PlaygroundForm';
import { UploadProgress } from './UploadProgress';

/** File: send a recording or a URL. Live: stream the microphone. */
export type PlaygroundMode = 'file' | 'live';

export interface PlaygroundScreenProps {
  mode: PlaygroundMode;
  onModeChange: (mode: PlaygroundMode) => void;
  /** The Live mode's content (it streams only while shown). */
  live: ReactNode;
  models: SpeechModelList | undefined;
  defaultModel: string | null;
  defaultLanguage: string;
  submitting: boolean;
  submitError: string | null;
  onSubmit: (input: TranscriptRequestInput) => void;
  /** The chosen file on its way to the server (before the job exists). */
  upload: UploadState | null;
  /** The submitted job as last polled. */
  job: Transcript | undefined;
  /** The request behind `job`, repeated as code. */
  request: SnippetRequest | null;
  audioSrc: string | null;
  onCopyText: (text: string) => void;
}

/**
 * Try the API from the browser. File: send audio, watch the job, read the transcript, copy the
 * code. Live: speak and read the text as it comes.
 */
export function PlaygroundScreen(props: PlaygroundScreenProps) {
  return (
    <Stack>
      <PageHeader description="Transcribe a file or a URL and copy the same request as code, or speak into your microphone and watch the text arrive." />
      <Tabs
        aria-label="Playground mode"
        value={props.mode}
        onChange={(id) => props.onModeChange(id === 'live' ? 'live' : 'file')}
        tabs={[
          { id: 'file', label: 'File', content: <FileMode {...props} /> },
          { id: 'live', label: 'Live', content: props.live },
        ]}
      />
    </Stack>
  );
}

function FileMode(props: PlaygroundScreenProps) {
  const { job, request } = props;
  const snippets = request && requestSnippets(request);
  return (
    <Stack>
      <Card title="New transcription">
        <PlaygroundForm
          models={props.models}
          defaultModel={props.defaultModel}
          defaultLanguage={props.defaultLanguage}
          submitting={props.submitting || props.upload !== null}
          error={props.submitError}
          onSubmit={props.onSubmit}
        />
      </Card>
      <Card title="Result" aria-live="polite">
        {props.upload ? (
          <UploadProgress upload={props.upload} />
        ) : job ? (
          <Stack>
            <JobProgress job={job} />
            {job.status === 'completed' && (
              <TranscriptResultView
                transcript={job}
                audioSrc={props.audioSrc}
                onCopyText={props.onCopyText}
              />
            )}
          </Stack>
        ) : (
          <EmptyState
            icon={<MicIcon />}
            title="Nothing transcribed yet"
            description="Choose a file or paste a URL above and press Transcribe. Progress and the transcript appear here."
          />
        )}
      </Card>
      {snippets && (
        <Card
          title="The same request from code"
          description="Replace $PARLANCE_API_KEY with one of your API keys."
        >
          <CodeTabs
            label="Request code"
            snippets={[
              { label: 'curl', language: 'bash', code: snippets.curl },
              { label: 'Node', language: 'javascript', code: snippets.node },
              { label: 'Python', language: 'python', code: snippets.python },
            ]}
          />
        </Card>
      )}
    </Stack>
  );
}
