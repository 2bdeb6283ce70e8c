import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage } from '../store/errors';

/** A mutation's outcome as screens need it: the value, or the server's message (else a fallback). */
export type Outcome<T = void> = { ok: true; value: T } | { ok: false; message: string };

type MutationResult<T> =
  | { data: T; error?: undefined }
  | { data?: undefined; error: FetchBaseQueryError | SerializedError };

export function toOutcome<T, V>(
  result: MutationResult<T>,
  fallback: string,
  pick: (data: T) => V,
): Outcome<V> {
  return result.error
    ? { ok: false, message: errorMessage(result.error, fallback) }
    : { ok: true, value: pick(result.data as T) };
}
