import styled from 'styled-components';
import type { Transcript } from '@parlance/server/contract';
import { Alert, StatusPill } from '@parlance/ui';

const Panel = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Track = styled.div`
  height: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surfaceMuted};
  overflow: hidden;
`;

const Fill = styled.div<{ $percent: number }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  background: ${({ theme }) => theme.color.primary};
  transition: width ${({ theme }) => theme.motion.normal} ${({ theme }) => theme.motion.easing};
`;

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
        <Track
          role="progressbar"
          aria-label="Transcription progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <Fill $percent={percent} />
        </Track>
      )}
    </Panel>
  );
}
