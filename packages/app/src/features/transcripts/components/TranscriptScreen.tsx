import type { Transcript } from '@parlance/contract';
import { formatUsd } from '@parlance/contract/money';
import { Button, Card, ConfirmDialog, Link, Skeleton } from '@parlance/ui';
import { paths } from '../../../paths';
import type { Block } from '../../../shared/block';
import { BlockError } from '../../../shared/BlockError';
import { JobProgress } from './JobProgress';
import type { Outcome } from '../../../shared/outcome';
import { PageHeader } from '../../../shared/PageHeader';
import { Actions, Stack } from '../../../shared/PageHeader.styles';
import { ResourceNotFound } from '../../../shared/ResourceNotFound';
import { RouterLink } from '../../../shared/RouterLink';
import {
  dateTime,
  formatDuration,
  relativeDate,
  relativeDateTime,
} from '../../../shared/timeDisplay';
import { isActiveStatus } from '../api/useTranscriptJob';
import {
  languageFact,
  QUALITY_LABELS,
  redactionFact,
  transcriptName,
} from '../utils/transcriptDisplay';
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
  deletingAudio: boolean;
  /** Deletes the audio, keeping the transcript. */
  onDeleteAudio: () => Promise<Outcome>;
  onCopyText: (text: string) => void;
  renamingSpeakers: boolean;
  /** Saves the speakers' names, all at once. */
  onRenameSpeakers: (names: Record<string, string>) => Promise<Outcome>;
}

/** What each delete asks before it goes. */
const ASKED = {
  transcript: {
    title: 'Delete this transcript?',
    message:
      'The transcript and its audio are removed for good. Your usage history keeps the charge.',
    confirmLabel: 'Delete transcript',
  },
  audio: {
    title: 'Delete the audio?',
    message:
      'The audio is removed for good and can no longer be played. The transcript, its exports and speaker names stay.',
    confirmLabel: 'Delete audio',
  },
};

/** Whether the audio is kept, and until when (the request's or the account's retention). */
function audioFact(data: Transcript, now: Date): string {
  if (data.audio_deleted_at) return `Deleted ${relativeDateTime(data.audio_deleted_at, now)}`;
  if (!data.has_audio) return data.source === 'live' ? 'Not kept (live stream)' : 'Not kept';
  if (isActiveStatus(data.status)) return 'Kept while the job runs';
  if (data.audio_delete_at) return `Until ${dateTime(data.audio_delete_at)}`;
  return 'Kept with the transcript';
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
  deletingAudio,
  onDeleteAudio,
  onCopyText,
  renamingSpeakers,
  onRenameSpeakers,
}: TranscriptScreenProps) {
  const deletion = useConfirmedAction<'transcript' | 'audio'>((what) =>
    what === 'audio' ? onDeleteAudio() : onDelete(),
  );
  const data = transcript.data;
  const asked = deletion.target === null ? null : ASKED[deletion.target];

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
            <Actions>
              {data.has_audio && !isActiveStatus(data.status) && (
                <Button variant="secondary" onClick={() => deletion.ask('audio')}>
                  Delete audio
                </Button>
              )}
              <Button variant="danger" onClick={() => deletion.ask('transcript')}>
                Delete
              </Button>
            </Actions>
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
              {data.quality !== 'balanced' && (
                <div>
                  <dt>Quality</dt>
                  <dd>{QUALITY_LABELS[data.quality]}</dd>
                </div>
              )}
              <div>
                <dt>Language</dt>
                <dd>{languageFact(data)}</dd>
              </div>
              <div>
                <dt>Cost</dt>
                <dd>{data.costMicros === null ? '—' : formatUsd(data.costMicros)}</dd>
              </div>
              <div>
                <dt>Audio</dt>
                <dd>{audioFact(data, now)}</dd>
              </div>
              {data.multichannel && (
                <div>
                  <dt>Channels</dt>
                  <dd>{data.audio_channels}, one speaker each</dd>
                </div>
              )}
              {data.disfluencies && (
                <div>
                  <dt>Filler words</dt>
                  <dd>Kept</dd>
                </div>
              )}
              {data.filter_profanity && (
                <div>
                  <dt>Profanity</dt>
                  <dd>Masked</dd>
                </div>
              )}
              {redactionFact(data) && (
                <div>
                  <dt>Redacted</dt>
                  <dd>{redactionFact(data)}</dd>
                </div>
              )}
              {data.delete_at && (
                <div>
                  <dt>Transcript kept</dt>
                  <dd>Until {dateTime(data.delete_at)}</dd>
                </div>
              )}
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
        open={asked !== null}
        title={asked?.title ?? ''}
        message={deletion.error ?? asked?.message}
        confirmLabel={asked?.confirmLabel ?? ''}
        variant="danger"
        busy={deletion.target === 'audio' ? deletingAudio : deleting}
        onConfirm={() => void deletion.confirm()}
        onCancel={deletion.cancel}
      />
    </Stack>
  );
}
