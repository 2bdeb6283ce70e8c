import { z } from 'zod';
import type { Endpoint, Endpoints } from './endpoint.js';

/** A response that is a file, not JSON: its media types (a client checks the answer's type). */
export interface FileResponse {
  readonly description: string;
  readonly content: Readonly<Record<string, { readonly schema: z.ZodString }>>;
}

export const fileResponse = (description: string, ...mediaTypes: string[]): FileResponse => ({
  description,
  content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.string() }])),
});

/**
 * What an endpoint takes and answers, for the server's validation and the OpenAPI document (the
 * mocks are checked against that document).
 */
export interface OperationSpec {
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** The credentials that may call it (any one of them); without: anyone. */
  readonly auth?: readonly ('session' | 'apiKey')[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Media types of the body besides JSON's, for the document. */
  readonly consumes?: readonly string[];
  /** The answers by status: a JSON schema or a file. */
  readonly responses: Readonly<Record<number, z.ZodType | FileResponse>>;
  /** The error statuses it answers, each with `ErrorResponse`. */
  readonly errors: readonly number[];
}

/** An endpoint with its schemas: one route, as the server registers it. */
export type Operation = Endpoint & OperationSpec;

/** A spec's keys that OperationSpec lacks (`querystring` for `query`), each refused. */
type NoOtherKeys<S> = {
  [Name in keyof S]: { [Key in Exclude<keyof S[Name], keyof OperationSpec>]: never };
};

/**
 * A domain's operations: each endpoint joined to its spec, by the endpoint's name. The specs keep
 * their literal types (statuses), which type the server's handlers.
 */
export function describeEndpoints<
  E extends Endpoints,
  const S extends { readonly [Name in keyof E]: OperationSpec },
>(endpoints: E, specs: S & NoOtherKeys<S>): { readonly [Name in keyof E]: E[Name] & S[Name] } {
  return Object.fromEntries(
    Object.entries(endpoints).map(([name, endpoint]) => [name, { ...endpoint, ...specs[name] }]),
  ) as { [Name in keyof E]: E[Name] & S[Name] };
}
