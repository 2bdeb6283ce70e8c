import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transcriptOperations } from '@parlance/contract';
import { transcriptPaths } from '@parlance/contract/endpoints';
import { currentUser, requireApiKeyOrSession } from '../../auth/guards.js';
import { HttpError, notFound } from '../../http/errors.js';
import { serve } from '../../http/operation.js';
import type { Uploads } from '../uploads.js';
import { apiLimits } from './limits.js';
import { tooLarge, watchUpload } from './multipart.js';

const DIGITS = /^\d{1,15}$/;
const TUS_BYTES = 'application/offset+octet-stream';

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
    return reply;
  };
  const guarded = { preHandler: [requireApiKeyOrSession, limits.perCaller] };

  // CORS preflights, which carry no credentials.
  const preflight = { schema: { hide: true } };
  app.options(transcriptPaths.uploads, preflight, (request, reply) => handOver(request, reply));
  app.options(transcriptPaths.upload, preflight, (request, reply) => handOver(request, reply));

  // A creation counts as a submission: the audio is on its way.
  const creating = {
    onRequest: limits.submission.onRequest,
    preHandler: [...guarded.preHandler, limits.submission.preHandler],
  };
  serve(
    app,
    transcriptOperations.createUpload,
    async (request, reply) => {
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
        return await handOver(request, reply, id);
      } finally {
        // tus refused it (a header it does not take) or failed: the reservation goes.
        if (reply.raw.statusCode !== 201) await uploads.unreserve(id);
      }
    },
    creating,
  );

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
  serve(app, transcriptOperations.uploadOffset, own, {
    ...guarded,
    // OpenAPI leaves HEAD routes out unless told: this one is how a client resumes.
    config: { swagger: { exposeHeadRoute: true } },
  });
  serve(app, transcriptOperations.appendUpload, own, guarded);
  // Termination is the row's and the bytes' deletion, done here: a finished upload's too (the S3
  // store's own would leave its object), and never one a submission is taking.
  serve(
    app,
    transcriptOperations.deleteUpload,
    async (request, reply) => {
      if (!(await uploads.delete(currentUser(request).id, request.params.id)))
        throw notFound('Upload not found');
      return reply.code(204).header('tus-resumable', '1.0.0').send(null);
    },
    guarded,
  );
};
