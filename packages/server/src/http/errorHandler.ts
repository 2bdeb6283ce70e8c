import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@parlance/contract';
import type { ApiErrorCode } from '@parlance/contract/endpoints';
import type { DomainError } from '../domainErrors.js';
import { clientError, HttpError } from './errors.js';

const internalError = () => new HttpError('internal_error', 'Something went wrong on our side');

const clientErrorCodes: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

/** The code of a client error known only by its status (static files' errors). */
const codeOfStatus: Record<number, ApiErrorCode> = {
  403: 'forbidden',
  404: 'not_found',
  412: 'precondition_failed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
};

type Issue = { instancePath: string; message?: string | undefined };

/**
 * "email: Enter a valid email address" — the field path without the leading slash, or the bare
 * message; a message that names its field ("keepAudioDays must be …") stands alone.
 */
function describeIssue(context: string | undefined, issue: Issue): string {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = field || (context === 'body' ? '' : (context ?? ''));
  const message = issue.message ?? (where ? 'is invalid' : 'Invalid request');
  return where && !message.startsWith(where) ? `${where}: ${message}` : message;
}

/** One JSON error shape for everything: {message, code, details?}; 5xx never reveal internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  const send = (reply: FastifyReply, error: HttpError) => {
    const body: ErrorResponse = { message: error.message, code: error.code };
    if (error.details !== undefined) body.details = error.details;
    return reply.code(error.statusCode).headers(error.headers).send(body);
  };
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    const known = clientError(error);
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: error }, known.message);
      return send(reply, known);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'is invalid',
      }));
      const first = error.validation[0];
      const message = first ? describeIssue(error.validationContext, first) : 'Invalid request';
      return send(reply, new HttpError('validation_failed', message, { issues }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return send(reply, internalError());
    }
    // What is left is Fastify's own error (or an unexpected one, without a status).
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, internalError());
    }
    // Fastify's and its plugins' own client errors: malformed JSON, body too large, unsupported
    // media type, a static file's refused range or failed precondition...
    const code = clientErrorCodes[error.code] ?? codeOfStatus[status] ?? 'bad_request';
    return send(reply, new HttpError(code, error.message));
  });
}
