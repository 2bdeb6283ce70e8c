import { open, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import type { BlobStore } from '../blobs/blobStore.js';
import { formatDuration, formatMegabytes } from '../formats.js';

export interface MultipartForm {
  /** Every text field; repeated names (`timestamp_granularities[]`) keep all values. */
  fields: Map<string, string[]>;
  /** The uploaded `file`, staged on disk until `withMultipart`'s callback settles. */
  file?: { stagedPath: string; fileName: string };
}

export const tooLarge = (maxBytes: number) =>
  new HttpError(
    'file_too_large',
    `The file is larger than the ${formatMegabytes(maxBytes)} upload limit`,
    {
      maxBytes,
    },
  );

// The rest of the body will never be read: the connection closes after the answer.
const uploadTimedOut = (code: 'upload_timeout' | 'upload_stalled', message: string) =>
  new HttpError(code, message, undefined, { connection: 'close' });

/**
 * Reads a multipart request (the `file` part streamed to the blob store's staging area) and runs
 * `handle` with it. The staged file is removed when `handle` settles, however it ends: this is
 * the one place uploads are staged, so no refusal, failure or abandoned request leaves bytes on
 * disk (a job keeps its audio by moving it into the blob store first).
 */
export async function withMultipart<T>(
  request: FastifyRequest,
  blobs: BlobStore,
  maxBytes: number,
  handle: (form: MultipartForm) => Promise<T>,
): Promise<T> {
  const form: MultipartForm = { fields: new Map() };
  try {
    await readParts(request, blobs, maxBytes, form);
    return await handle(form);
  } finally {
    if (form.file) await rm(form.file.stagedPath, { force: true });
  }
}

async function readParts(
  request: FastifyRequest,
  blobs: BlobStore,
  maxBytes: number,
  form: MultipartForm,
): Promise<void> {
  const stopWatching = watchUpload(request);
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 32 },
    })) {
      if (part.type === 'field') {
        form.fields.set(part.fieldname, [
          ...(form.fields.get(part.fieldname) ?? []),
          String(part.value),
        ]);
      } else if (part.fieldname === 'file' && !form.file) {
        const stagedPath = await blobs.stagingPath();
        // Created before a byte is written, so the caller's clean-up finds it whatever fails next.
        const staged = await open(stagedPath, 'wx');
        form.file = { stagedPath, fileName: (part.filename || 'audio').slice(0, 255) };
        await pipeline(part.file, staged.createWriteStream());
        if (part.file.truncated) throw tooLarge(maxBytes);
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    // The parser's own complaints (no boundary, a body cut short, malformed parts) are the
    // client's; an error of the disk or of our own (HttpError) is not.
    if (err instanceof HttpError || (err as { syscall?: string }).syscall) throw err;
    throw new HttpError(
      'invalid_multipart',
      `The multipart body could not be read: ${(err as Error).message}`,
    );
  } finally {
    stopWatching();
  }
}

/**
 * Cuts off an upload that stalls (no byte for UPLOAD_IDLE_TIMEOUT) or is not complete by
 * UPLOAD_TIMEOUT. The error is raised on the request stream: @fastify/multipart ends the parse
 * on a request error as it does on a premature close, so the read above fails with the 408.
 * Progress is read from the socket's byte count, which leaves the request stream's flow alone.
 */
export function watchUpload(request: FastifyRequest): () => void {
  const { idleMs, totalMs } = request.server.config.uploadTimeouts;
  const socket = request.raw.socket;
  let bytesSeen = socket.bytesRead;
  let lastProgress = Date.now();
  const cutOff = (err: HttpError) => {
    stop();
    request.raw.emit('error', err);
  };
  const deadline = setTimeout(
    () =>
      cutOff(
        uploadTimedOut(
          'upload_timeout',
          `The upload did not complete within ${formatDuration(totalMs / 1000)}`,
        ),
      ),
    totalMs,
  );
  const idleCheck = setInterval(() => {
    if (socket.bytesRead !== bytesSeen) {
      bytesSeen = socket.bytesRead;
      lastProgress = Date.now();
    } else if (Date.now() - lastProgress >= idleMs) {
      cutOff(
        uploadTimedOut(
          'upload_stalled',
          `The upload stalled: no data for ${formatDuration(idleMs / 1000)}`,
        ),
      );
    }
  }, idleMs / 4);
  function stop() {
    clearTimeout(deadline);
    clearInterval(idleCheck);
  }
  return stop;
}

/** The first value of a field, for single-valued fields. */
export const field = (form: MultipartForm, name: string): string | undefined =>
  form.fields.get(name)?.[0];
