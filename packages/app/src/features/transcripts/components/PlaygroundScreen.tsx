import type { SpeechModelList, Transcript } from '@parlance/server/contract';
import { Card, CodeTabs, EmptyState, MicIcon } from '@parlance/ui';
import type { TranscriptRequestInput } from '../api/transcriptRequest';
import { requestSnippets, type SnippetRequest } from '../utils/requestSnippets';
import { JobProgress } from './JobProgress';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { TranscriptResultView } from './TranscriptResultView';
import { PlaygroundForm } from './PlaygroundForm';

export interface PlaygroundScreenProps {
  models: SpeechModelList | undefined;
  defaultModel: string | null;
  defaultLanguage: string;
  submitting: boolean;
  submitError: string | null;
  onSubmit: (input: TranscriptRequestInput) => void;
  /** The submitted job as last polled. */
  job: Transcript | undefined;
  /** The request behind `job`, repeated as code. */
  request: SnippetRequest | null;
  audioSrc: string | null;
  onCopyText: (text: string) => void;
}

/** Try the API from the browser: send audio, watch the job, read the transcript, copy the code. */
export function PlaygroundScreen(props: PlaygroundScreenProps) {
  const { job, request } = props;
  const snippets = request && requestSnippets(request);
  return (
    <Stack>
      <PageHeader description="Transcribe a file or a URL, then copy the same request as code." />
      <Card title="New transcription">
        <PlaygroundForm
          models={props.models}
          defaultModel={props.defaultModel}
          defaultLanguage={props.defaultLanguage}
          submitting={props.submitting}
          error={props.submitError}
          onSubmit={props.onSubmit}
        />
      </Card>
      <Card title="Result" aria-live="polite">
        {job ? (
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
