import { Alert } from '@parlance/ui';
import type { UploadState } from '../api/resumableUpload';
import { ProgressBar } from './JobProgress';
import { Line, Panel } from './JobProgress.styles';

const mib = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** A file on its way to the server: how much has arrived, and when the connection dropped. */
export function UploadProgress({ upload }: { upload: UploadState }) {
  const percent = upload.total > 0 ? Math.floor((upload.sent / upload.total) * 100) : 0;
  return (
    <Panel>
      <Line>
        Uploading {upload.fileName}: {mib(upload.sent)} of {mib(upload.total)} MB ({percent} %)
      </Line>
      <ProgressBar label="Upload progress" percent={percent} />
      {upload.resuming && (
        <Alert variant="warning" title="Connection lost">
          Resuming from {mib(upload.sent)} MB: what reached the server is kept.
        </Alert>
      )}
    </Panel>
  );
}
