import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@parlance/contract';
import type { DomainError } from '../domainErrors.js';
import { clientError, type HttpError } from './errors.js';

const clientErrorCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

type Issue = { instancePath: string; message?: string | undefined };

/** "email: Enter a valid email address" — the field path without the leading slash, or the bare message. */
function describeIssue(context: string | undefined, issue: Issue): string {
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = field || (context === 'body' ? '' : (context ?? ''));
  return where
    ? `${where}: ${issue.message ?? 'is invalid'}`
    : (issue.message ?? 'Invalid request');
}

/** One JSON error shape for everything: {message, code, details?}; 5xx never reveal internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    const known = clientError(error);
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: error }, known.message);
      const body: ErrorResponse = { message: known.message, code: known.code };
      if (known.details !== undefined) body.details = known.details;
      return reply.code(known.statusCode).headers(known.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'is invalid',
      }));
      const first = error.validation[0];
      const message = first ? describeIssue(error.validationContext, first) : 'Invalid request';
      return reply.code(400).send({ message, code: 'validation_failed', details: { issues } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply
        .code(500)
        .send({ message: 'Something went wrong on our side', code: 'internal' });
    }
    // What is left is Fastify's own error (or an unexpected one, without a status).
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .send({ message: 'Something went wrong on our side', code: 'internal' });
    }
    // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
    return reply
      .code(status)
      .send({ message: error.message, code: clientErrorCodes[error.code] ?? 'bad_request' });
  });
}
