import type { Transcript } from '@parlance/contract';
import { formatUsd } from '@parlance/contract/money';
import { Button, Card, ConfirmDialog, Link, Skeleton } from '@parlance/ui';
import { paths } from '../../../paths';
import type { Block } from '../../../shared/block';
import { BlockError } from '../../../shared/BlockError';
import { JobProgress } from './JobProgress';
import type { Outcome } from '../../../shared/outcome';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { ResourceNotFound } from '../../../shared/ResourceNotFound';
import { RouterLink } from '../../../shared/RouterLink';
import { formatDuration, relativeDate } from '../../../shared/timeDisplay';
import { languageFact, transcriptName } from '../utils/transcriptDisplay';
import { TranscriptResultView } from './TranscriptResultView';
import { transcriptAudioHref } from '../api/transcriptRequest';
import { useConfirmedAction } from '../../../shared/useConfirmedAction';
import { Facts } from './TranscriptScreen.styles';

export interface TranscriptScreenProps {
  transcript: Block<Transcript>;
  /** The transcript does not exist (or is not this user's). */
  notFound: boolean;
  now: Date;
  deleting: boolean;
  onDelete: () => Promise<Outcome>;
  onCopyText: (text: string) => void;
  renamingSpeakers: boolean;
  /** Saves the speakers' names, all at once. */
  onRenameSpeakers: (names: Record<string, string>) => Promise<Outcome>;
}

const back = (
  <Link href={paths.dashboard.history.getHref()} linkComponent={RouterLink}>
    ← All transcriptions
  </Link>
);

/** One transcription: its facts, live progress while it runs, then playback, text and downloads. */
export function TranscriptScreen({
  transcript,
  notFound,
  now,
  deleting,
  onDelete,
  onCopyText,
  renamingSpeakers,
  onRenameSpeakers,
}: TranscriptScreenProps) {
  const deletion = useConfirmedAction<true>(onDelete);
  const data = transcript.data;

  if (notFound) {
    return (
      <ResourceNotFound
        back={back}
        title="Transcript not found"
        description="It may have been deleted, or the link is incomplete."
      />
    );
  }

  return (
    <Stack>
      {back}
      <PageHeader
        title={data ? transcriptName(data) : undefined}
        actions={
          data && (
            <Button variant="danger" onClick={() => deletion.ask(true)}>
              Delete
            </Button>
          )
        }
      />
      {transcript.error ? (
        <Card>
          <BlockError block={transcript} headingLevel={2} />
        </Card>
      ) : !data ? (
        <Card>
          <Skeleton shape="rect" height="160px" />
        </Card>
      ) : (
        <>
          <Card>
            <Facts>
              <div>
                <dt>Created</dt>
                <dd>{relativeDate(data.createdAt, now)}</dd>
              </div>
              <div>
                <dt>Duration</dt>
                <dd>{formatDuration(data.audio_duration)}</dd>
              </div>
              <div>
                <dt>Model</dt>
                <dd>{data.model}</dd>
              </div>
              <div>
                <dt>Language</dt>
                <dd>{languageFact(data)}</dd>
              </div>
              <div>
                <dt>Cost</dt>
                <dd>{data.costMicros === null ? '—' : formatUsd(data.costMicros)}</dd>
              </div>
            </Facts>
          </Card>
          <Card title="Transcript" aria-live="polite">
            {data.status === 'completed' ? (
              <TranscriptResultView
                transcript={data}
                audioSrc={data.has_audio ? transcriptAudioHref(data.id) : null}
                onCopyText={onCopyText}
                renamingSpeakers={renamingSpeakers}
                onRenameSpeakers={onRenameSpeakers}
              />
            ) : (
              <JobProgress job={data} />
            )}
          </Card>
        </>
      )}
      <ConfirmDialog
        open={deletion.target !== null}
        title="Delete this transcript?"
        message={
          deletion.error ??
          'The transcript and its audio are removed for good. Your usage history keeps the charge.'
        }
        confirmLabel="Delete transcript"
        variant="danger"
        busy={deleting}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </Stack>
  );
}
