import { useId, useRef, useState, type DragEvent as ReactDragEvent, type ReactNode } from 'react';
import { CloseIcon, MicIcon, UploadIcon } from '../../icons';
import { formatBytes } from '../../utils/formatBytes';
import { IconButton } from '../IconButton';
import { AUDIO_ACCEPT, describeAccept, matchesAccept } from './accept';
import {
  Browse,
  ErrorMessage,
  FileName,
  FileSize,
  FileText,
  Label,
  Limits,
  Prompt,
  Root,
  Selected,
  Zone,
  ZoneIcon,
} from './FileDrop.styles';

export interface FileDropProps {
  label: ReactNode;
  /** Accepted entries: ".ext", "type/subtype" or "type/*". Defaults to common audio formats. */
  accept?: readonly string[];
  maxSizeBytes?: number;
  /** The chosen file, when the parent owns it. */
  value?: File | null;
  /** A valid file was chosen, or the choice was removed (null). */
  onFileChange?: (file: File | null) => void;
  /** An error from outside, e.g. the upload failed. */
  error?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** Why a file cannot be used, or undefined when it can. */
function rejection(
  files: FileList | File[],
  accept: readonly string[],
  maxSizeBytes?: number,
): string | undefined {
  if (files.length > 1) return 'Choose one file at a time.';
  const file = files[0];
  if (!file) return 'No file was selected.';
  if (!matchesAccept(file, accept))
    return `“${file.name}” is not a supported file. Use ${describeAccept(accept)}.`;
  if (maxSizeBytes !== undefined && file.size > maxSizeBytes)
    return `“${file.name}” is ${formatBytes(file.size)}; the limit is ${formatBytes(maxSizeBytes)}.`;
  return undefined;
}

/** Choose an audio file by drag and drop, click, or Enter/Space. Shows the limits and the choice. */
export function FileDrop({
  label,
  accept = AUDIO_ACCEPT,
  maxSizeBytes,
  value,
  onFileChange,
  error,
  disabled = false,
  className,
}: FileDropProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [inner, setInner] = useState<File | null>(null);
  const [rejected, setRejected] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const file = value === undefined ? inner : value;
  const shownError = rejected ?? error;

  const choose = (files: FileList | File[]) => {
    const reason = rejection(files, accept, maxSizeBytes);
    setRejected(reason);
    if (reason) return;
    const chosen = files[0] ?? null;
    setInner(chosen);
    onFileChange?.(chosen);
  };

  const onDrag = (event: ReactDragEvent<HTMLDivElement>, over: boolean) => {
    event.preventDefault();
    if (!disabled) setDragging(over);
  };

  const limits = [
    describeAccept(accept),
    maxSizeBytes !== undefined && `up to ${formatBytes(maxSizeBytes)}`,
  ]
    .filter(Boolean)
    .join(' · ');

  return (
    <Root className={className}>
      <Label id={`${id}-label`}>{label}</Label>
      <Zone
        $dragging={dragging}
        $invalid={Boolean(shownError)}
        $disabled={disabled}
        onClick={() => inputRef.current?.click()}
        onDragEnter={(event) => onDrag(event, true)}
        onDragOver={(event) => onDrag(event, true)}
        onDragLeave={(event) => onDrag(event, false)}
        onDrop={(event) => {
          onDrag(event, false);
          if (!disabled) choose(event.dataTransfer.files);
        }}
      >
        <ZoneIcon aria-hidden="true">
          <UploadIcon />
        </ZoneIcon>
        {/* A click here bubbles to the zone, which opens the picker. */}
        <Prompt
          type="button"
          disabled={disabled}
          aria-labelledby={`${id}-label ${id}-prompt`}
          aria-describedby={[`${id}-limits`, shownError ? `${id}-error` : ''].join(' ').trim()}
        >
          <span id={`${id}-prompt`}>
            Drop a file here or <Browse>browse</Browse>
          </span>
        </Prompt>
        <Limits id={`${id}-limits`}>{limits}</Limits>
      </Zone>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={accept.join(',')}
        disabled={disabled}
        onChange={(event) => {
          if (event.target.files) choose(event.target.files);
          event.target.value = '';
        }}
      />
      {file && (
        <Selected>
          <MicIcon aria-hidden="true" />
          <FileText>
            <FileName title={file.name}>{file.name}</FileName>
            <FileSize>{formatBytes(file.size)}</FileSize>
          </FileText>
          <IconButton
            aria-label={`Remove ${file.name}`}
            icon={<CloseIcon />}
            size="sm"
            disabled={disabled}
            onClick={() => {
              setInner(null);
              setRejected(undefined);
              onFileChange?.(null);
            }}
          />
        </Selected>
      )}
      {shownError && (
        <ErrorMessage id={`${id}-error`} role="alert">
          {shownError}
        </ErrorMessage>
      )}
    </Root>
  );
}
