import { ErrorResponse } from '@parlance/contract';

/** Response schemas for the error statuses a route can answer, for the OpenAPI document. */
export const errorResponses = <const S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as Record<
    S,
    typeof ErrorResponse
  >;
