import { SpinnerLabel, SpinnerRoot, SpinnerSvg, type SpinnerSize } from './Spinner.styles';

export interface SpinnerProps {
  /** What is loading; read by screen readers, shown when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  size?: SpinnerSize;
  className?: string;
}

export function Spinner({
  label = 'Loading',
  showLabel = false,
  size = 'md',
  className,
}: SpinnerProps) {
  return (
    <SpinnerRoot role="status" className={className}>
      <SpinnerSvg $size={size} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path
          d="M21 12a9 9 0 0 0-9-9"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </SpinnerSvg>
      <SpinnerLabel $visible={showLabel}>{label}</SpinnerLabel>
    </SpinnerRoot>
  );
}
