import { apiHref, type Endpoint, type PathParams } from '@parlance/contract/endpoints';

/** The path's parameters, required when its pattern has any. */
type Params<Path extends string> = [PathParams<Path>] extends [never]
  ? { params?: never }
  : { params: Record<PathParams<Path>, string> };

type Input<Path extends string> = Params<Path> & {
  /** The query string's parameters (those left undefined are not sent). */
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
};

/**
 * What an RTK Query endpoint sends for an endpoint of the contract: its method, its path filled
 * in, the query and the body. `request(apiKeyEndpoints.rename, { params: { id }, body: { name } })`
 */
export function request<Path extends string>(
  endpoint: Endpoint<Path>,
  ...[input]: [PathParams<Path>] extends [never] ? [Input<Path>?] : [Input<Path>]
) {
  const { params, query, body } = (input ?? {}) as Input<Path>;
  return {
    url: params ? apiHref(endpoint.path, params) : endpoint.path,
    method: endpoint.method,
    ...(query && { params: query }),
    ...(body !== undefined && { body }),
  };
}
