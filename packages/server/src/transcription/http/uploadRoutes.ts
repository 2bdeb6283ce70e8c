import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { transcriptPaths } from '@parlance/contract/endpoints';
import { currentUser, requireApiKeyOrSession } from '../../auth/guards.js';
import { HttpError, notFound } from '../../http/errors.js';
import { errorResponses } from '../../http/schemas.js';
import { MAX_OPEN_UPLOADS, type Uploads } from '../uploads.js';
import { apiLimits } from './limits.js';
import { tooLarge, watchUpload } from './multipart.js';

const DIGITS = /^\d{1,15}$/;
const TUS_BYTES = 'application/offset+octet-stream';
const tags = ['transcription'];
const security: Record<string, string[]>[] = [{ apiKey: [] }, { session: [] }];
const TUS_NOTE =
  'Every request but OPTIONS carries Tus-Resumable: 1.0.0; any tus client (tus-js-client, tus-py-client, …) speaks this.';
/** tus answers carry their facts in headers. */
const NoBody = z.null().describe('No body: the answer is in its headers');
const UploadParams = z.object({
  id: z.string().describe("The upload's id: the last part of its Location"),
});

/** The `filename` of a tus Upload-Metadata header (`key base64,key base64`), if it has one. */
export function uploadFileName(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  for (const pair of header.split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key !== 'filename' || !value) continue;
    const name = Buffer.from(value, 'base64').toString('utf8').trim();
    // Control characters would reach lists and Content-Disposition headers: none are kept.
    return name.replace(/\p{Cc}/gu, '').slice(0, 255) || null;
  }
  return null;
}

/**
 * `/v1/uploads`: resumable uploads for files too large for one request, by the tus protocol
 * (1.0.0: creation, HEAD for the offset, PATCH from it, termination), served by @tus/server. This
 * plugin checks who asks and what they may touch, then hands the request over: a creation needs
 * its length (Upload-Length) within MAX_RESUMABLE_UPLOAD_MB and the account's room for unused
 * uploads; HEAD, PATCH and DELETE reach only the caller's own unexpired uploads (others: 404). A
 * PATCH that stalls is cut off as a multipart upload is; the client resumes from the offset.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ uploads: Uploads; maxBytes: number }> = async (
  app,
  { uploads, maxBytes },
) => {
  const limits = apiLimits(app);
  app.addHook('onRequest', limits.perIp);
  // tus reads the bytes of a PATCH itself.
  app.addContentTypeParser(TUS_BYTES, (_request, _payload, done) => done(null));

  /** tus answers `request` about upload `id` (none: an OPTIONS preflight). */
  const handOver = async (request: FastifyRequest, reply: FastifyReply, id?: string) => {
    if (id) uploads.handing(request.raw, id);
    reply.hijack();
    // The hijacked answer skips the app's onSend hooks: the header that matters for a tus answer.
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    await uploads.tus.handle(request.raw, reply.raw);
  };
  const guarded = { preHandler: [requireApiKeyOrSession, limits.perCaller] };

  // CORS preflights, which carry no credentials.
  const preflight = { schema: { hide: true } };
  app.options(transcriptPaths.uploads, preflight, (request, reply) => handOver(request, reply));
  app.options(transcriptPaths.upload, preflight, (request, reply) => handOver(request, reply));

  const docs = (
    summary: string,
    description: string,
    status: 200 | 201 | 204,
    errors: number[],
  ) => ({
    schema: {
      tags,
      security,
      summary,
      description: `${description} ${TUS_NOTE}`,
      response: { [status]: NoBody, ...errorResponses(...errors) },
    },
  });

  // A creation counts as a submission: the audio is on its way.
  const creating = {
    onRequest: limits.submission.onRequest,
    preHandler: [...guarded.preHandler, limits.submission.preHandler],
  };
  const created = docs(
    'Start a resumable upload (tus) for a file too large for one request',
    `Send Upload-Length (the file's size in bytes, up to MAX_RESUMABLE_UPLOAD_MB) and, optionally, Upload-Metadata with its \`filename\`. Answers 201 with the upload's address in Location; PATCH the bytes there. An account holds at most ${MAX_OPEN_UPLOADS} unused uploads at once, totalling at most that size; each is deleted when a transcription takes it or UPLOAD_EXPIRY_HOURS after it began.`,
    201,
    [400, 401, 413, 429],
  );
  app.post(transcriptPaths.uploads, { ...creating, ...created }, async (request, reply) => {
    const length = request.headers['upload-length'];
    if (typeof length !== 'string' || !DIGITS.test(length))
      throw new HttpError(
        'upload_length_required',
        "Send the file's size in bytes as Upload-Length (a deferred length is not taken)",
      );
    const size = Number(length);
    if (size > maxBytes) throw tooLarge(maxBytes);
    if (
      request.headers['content-type'] === TUS_BYTES ||
      Number(request.headers['content-length']) > 0
    )
      throw new HttpError(
        'validation_failed',
        'Create the upload first, then send its bytes with PATCH (no bytes with the creation)',
      );
    const fileName = uploadFileName(request.headers['upload-metadata']);
    const id = await uploads.reserve(currentUser(request).id, size, fileName);
    try {
      await handOver(request, reply, id);
    } finally {
      // tus refused it (a header it does not take) or failed: the reservation goes.
      if (reply.raw.statusCode !== 201) await uploads.unreserve(id);
    }
  });

  /** Hands the caller's own unexpired upload's request over; others' are not found. */
  const own = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const { id } = request.params;
    const row = await uploads.find(currentUser(request).id, id);
    if (!row) throw notFound('Upload not found');
    if (request.method !== 'PATCH') return handOver(request, reply, id);
    const stop = watchUpload(request);
    try {
      return await handOver(request, reply, id);
    } finally {
      stop();
    }
  };
  const params = { params: UploadParams };
  const offset = docs(
    'How many bytes of the upload the server has',
    'Answers Upload-Offset (the bytes kept) and Upload-Length: after a dropped connection, PATCH again from that offset.',
    200,
    [401, 404, 429],
  );
  app.head(
    transcriptPaths.upload,
    {
      ...guarded,
      schema: { ...offset.schema, ...params },
      // OpenAPI leaves HEAD routes out unless told: this one is how a client resumes.
      config: { swagger: { exposeHeadRoute: true } },
    },
    own,
  );
  const sent = docs(
    'Send the next bytes of the upload',
    'With Content-Type: application/offset+octet-stream and Upload-Offset equal to the bytes the server has (409 otherwise). Answers 204 with the new Upload-Offset; the upload is finished when it equals Upload-Length.',
    204,
    [401, 404, 408, 429],
  );
  app.patch(transcriptPaths.upload, { ...guarded, schema: { ...sent.schema, ...params } }, own);
  const gone = docs(
    'Delete an unused upload and its bytes',
    'Answers 204; 409 upload_in_use while a transcription is taking it.',
    204,
    [401, 404, 409, 429],
  );
  // Termination is the row's and the bytes' deletion, done here: a finished upload's too (the S3
  // store's own would leave its object), and never one a submission is taking.
  app.delete(
    transcriptPaths.upload,
    { ...guarded, schema: { ...gone.schema, ...params } },
    async (request, reply) => {
      if (!(await uploads.delete(currentUser(request).id, request.params.id)))
        throw notFound('Upload not found');
      return reply.code(204).header('tus-resumable', '1.0.0').send(null);
    },
  );
};
