import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { ErrorResponse } from '@parlance/contract';

/** The server's `{ message }` of a failed call, or `fallback` when the answer carries none. */
export function errorMessage(
  error: FetchBaseQueryError | SerializedError | undefined,
  fallback: string,
): string {
  if (error && 'status' in error) {
    const data: unknown = error.data;
    if (
      typeof data === 'object' &&
      data !== null &&
      'message' in data &&
      typeof data.message === 'string' &&
      data.message
    ) {
      return data.message;
    }
  }
  return fallback;
}

/**
 * The server's message for each field a request got wrong (`details.issues` of its 400
 * validation_failed), by field name; empty for any other answer.
 */
export function fieldErrors(
  error: FetchBaseQueryError | SerializedError | undefined,
): Record<string, string> {
  if (!error || !('status' in error)) return {};
  const data = error.data as Partial<ErrorResponse> | undefined;
  if (data?.code !== 'validation_failed') return {};
  const { issues } = (data.details ?? {}) as { issues?: unknown };
  if (!Array.isArray(issues)) return {};
  return Object.fromEntries(
    issues.flatMap((issue: { field?: unknown; message?: unknown }) =>
      typeof issue.field === 'string' && typeof issue.message === 'string'
        ? [[issue.field, issue.message]]
        : [],
    ),
  );
}
