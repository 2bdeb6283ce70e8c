import { Badge, type BadgeTone } from '../Badge';

/** Job states of a transcription. Any other string is shown neutrally, capitalised. */
export type JobStatus = 'queued' | 'processing' | 'completed' | 'error';

const tones: Record<JobStatus, BadgeTone> = {
  queued: 'neutral',
  processing: 'info',
  completed: 'success',
  error: 'danger',
};

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

export interface StatusPillProps {
  status: JobStatus | (string & {});
  /** Progress of a processing job, 0–100. */
  percent?: number;
  className?: string;
}

export function StatusPill({ status, percent, className }: StatusPillProps) {
  const tone = tones[status as JobStatus] ?? 'neutral';
  const showPercent = status === 'processing' && percent !== undefined;
  const label = capitalize(status);
  return (
    <Badge tone={tone} dot className={className} data-status={status}>
      {label}
      {showPercent && ` ${Math.round(Math.min(100, Math.max(0, percent)))}%`}
    </Badge>
  );
}
