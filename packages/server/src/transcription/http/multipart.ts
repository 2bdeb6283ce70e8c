import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.js';
import type { BlobStore } from '../blobs/blob-store.js';

export interface MultipartForm {
  /** Every text field; repeated names (`timestamp_granularities[]`) keep all values. */
  fields: Map<string, string[]>;
  /** The uploaded `file`, staged on disk; the caller owns (and removes) it. */
  file?: { stagedPath: string; fileName: string };
}

export const tooLarge = (maxBytes: number) =>
  new HttpError(
    413,
    'file_too_large',
    `The file is larger than the ${Math.round(maxBytes / 1048576)} MB upload limit`,
    {
      maxBytes,
    },
  );

/** Reads a multipart request, streaming the `file` part to the blob store's staging area. */
export async function readMultipart(
  request: FastifyRequest,
  blobs: BlobStore,
  maxBytes: number,
): Promise<MultipartForm> {
  const form: MultipartForm = { fields: new Map() };
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
        form.file = { stagedPath, fileName: (part.filename || 'audio').slice(0, 255) };
        await pipeline(part.file, createWriteStream(stagedPath));
        if (part.file.truncated) throw tooLarge(maxBytes);
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    if (form.file) await rm(form.file.stagedPath, { force: true });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw err;
  }
  return form;
}

/** The first value of a field, for single-valued fields. */
export const field = (form: MultipartForm, name: string): string | undefined =>
  form.fields.get(name)?.[0];
