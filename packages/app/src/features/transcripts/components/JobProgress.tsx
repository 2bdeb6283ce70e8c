import type { Transcript } from '@parlance/contract';
import { Alert, StatusPill } from '@parlance/ui';
import { Fill, Line, Panel, Track } from './JobProgress.styles';

const STAGES: Record<string, string> = {
  queued: 'Waiting in the queue',
  downloading: 'Fetching the audio',
  decoding: 'Decoding the audio',
  transcribing: 'Transcribing',
  done: 'Done',
};

/** "2 jobs ahead of yours" while queued. */
export function queueText(position: number | null): string {
  if (position === null || position <= 0) return 'Next in line';
  return `${position} ${position === 1 ? 'job' : 'jobs'} ahead of yours`;
}

/** Where a job stands: its status, queue position or progress, or why it failed. */
export function JobProgress({ job }: { job: Transcript }) {
  const percent = Math.round(job.progress.percent);
  if (job.status === 'error') {
    return (
      <Alert variant="danger" title="Transcription failed">
        {job.error ?? 'The transcription failed. You were not charged.'}
      </Alert>
    );
  }
  return (
    <Panel>
      <Line>
        <StatusPill
          status={job.status}
          percent={job.status === 'processing' ? percent : undefined}
        />
        <span>
          {job.status === 'queued'
            ? queueText(job.queue_position)
            : (STAGES[job.progress.stage ?? ''] ?? 'Working')}
        </span>
      </Line>
      {job.status !== 'completed' && (
        <ProgressBar label="Transcription progress" percent={percent} />
      )}
    </Panel>
  );
}

/** A labelled bar from 0 to 100 %: a job's progress, or a file's upload. */
export function ProgressBar({ label, percent }: { label: string; percent: number }) {
  return (
    <Track
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <Fill $percent={percent} />
    </Track>
  );
}
