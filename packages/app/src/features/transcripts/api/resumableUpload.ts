import { Upload, type DetailedError } from 'tus-js-client';
import { transcriptPaths } from '@parlance/contract/endpoints';

/** Bytes per PATCH: a proxy's body limit or a dropped connection costs at most this. */
export const UPLOAD_CHUNK_BYTES = 50 * 1024 * 1024;
/** Waits between tries after a connection drops (then the upload fails and says why). */
export const UPLOAD_RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];

/** How far an upload has come. */
export interface UploadState {
  fileName: string;
  sent: number;
  total: number;
  /** The connection dropped: the upload goes on from what the server kept. */
  resuming: boolean;
}

export interface ResumableUpload {
  /** The upload's id (`upload_id` of POST /v1/transcript) once every byte is on the server. */
  done: Promise<string>;
  /** Stops sending; what was sent stays on the server until it expires. */
  abort(): void;
}

/** Whether to try again: network errors and 5xx, 409 (offsets differ) and 423 (locked); not 4xx. */
function retryable(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

/** The message of the server's JSON error, or the client's. */
function messageOf(error: Error | DetailedError): string {
  const body = 'originalResponse' in error ? error.originalResponse?.getBody() : undefined;
  try {
    const parsed: unknown = body ? JSON.parse(body) : undefined;
    if (parsed && typeof parsed === 'object' && 'message' in parsed) return String(parsed.message);
  } catch {
    // not JSON: tus's own plain-text answers
  }
  return 'The upload failed: the connection to the server was lost. Try again.';
}

/**
 * Sends `file` to /v1/uploads by the tus protocol, in UPLOAD_CHUNK_BYTES requests: when the
 * connection drops it asks the server how much it kept and goes on from there. A file sent before
 * from this browser (same name, size, type and date) continues where it stopped, if its upload is
 * still there and this account's (another account's answers 404: a new upload starts).
 */
export function uploadResumably(
  file: File,
  onState: (state: UploadState) => void,
): ResumableUpload {
  let upload: Upload | undefined;
  const state: UploadState = { fileName: file.name, sent: 0, total: file.size, resuming: false };
  const done = new Promise<string>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: new URL(transcriptPaths.uploads, window.location.origin).href,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      metadata: { filename: file.name, filetype: file.type },
      // Kept after success: a file whose submission was refused (no credit yet) is found whole on
      // the next try and not sent again; one a job took is gone (404), and is sent anew.
      removeFingerprintOnSuccess: false,
      onProgress: (sent, total) => {
        Object.assign(state, { sent, total, resuming: false });
        onState({ ...state });
      },
      onShouldRetry: (error) => {
        if (!retryable(error)) return false;
        state.resuming = true;
        onState({ ...state });
        return true;
      },
      onError: (error) => reject(new Error(messageOf(error))),
      onSuccess: () => {
        const id = upload?.url?.split('/').pop();
        if (id) resolve(id);
        else reject(new Error('The server did not say where the upload went.'));
      },
    });
    const started = upload;
    void started.findPreviousUploads().then((previous) => {
      const [last] = previous;
      if (last) started.resumeFromPreviousUpload(last);
      started.start();
    });
  });
  return { done, abort: () => void upload?.abort() };
}
