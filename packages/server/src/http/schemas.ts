import { z } from 'zod';
import { ErrorResponse } from '@parlance/contract';

/** Response schemas for the error statuses a route can answer, for the OpenAPI document. */
export const errorResponses = <const S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as Record<
    S,
    typeof ErrorResponse
  >;

/**
 * A response that is a file, not JSON, for the OpenAPI document: its media types (a client, and
 * the API fuzzer, check the answer's Content-Type against them).
 */
export const fileResponse = (description: string, ...mediaTypes: string[]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.string() }])),
});
