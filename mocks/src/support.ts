import { API_ERRORS, type ApiErrorCode, type Endpoint } from '@parlance/contract/endpoints';
import {
  delay,
  http,
  HttpResponse,
  type AnyHandler,
  type DefaultBodyType,
  type HttpHandler,
  type HttpResponseResolver,
  type PathParams,
  type RequestHandlerOptions,
} from 'msw';
import type { ErrorResponse } from '@parlance/contract';

/** The fixed "now" of every fixture, so stories and screenshots never depend on the clock. */
export const NOW = new Date('2026-11-20T12:00:00.000Z');

/** An ISO timestamp `days` (and `hours`) before NOW. */
export function ago(days: number, hours = 0): string {
  return new Date(NOW.getTime() - (days * 24 + hours) * 3_600_000).toISOString();
}

/**
 * A concrete request for the contract test where the bare path is not one: the path's parameters
 * (an id the fixtures hold), required query parameters, or a JSON body.
 */
export interface Example {
  endpoint: Endpoint;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** The handler of an endpoint of the contract: MSW's `http.get(path, …)` for a GET, and so on. */
export const on = <
  Params extends PathParams<keyof Params> = PathParams,
  RequestBody extends DefaultBodyType = DefaultBodyType,
  ResponseBody extends DefaultBodyType = undefined,
>(
  endpoint: Endpoint,
  resolver: HttpResponseResolver<Params, RequestBody, ResponseBody>,
  options?: RequestHandlerOptions,
): HttpHandler =>
  http[endpoint.method.toLowerCase() as Lowercase<Endpoint['method']>]<
    Params,
    RequestBody,
    ResponseBody
  >(endpoint.path, resolver, options);

/**
 * The scenarios every domain exports; a domain may add its own (e.g. `loginInvalid`). Handlers are
 * HTTP ones, and WebSocket ones (`ws.link`) where the domain has a socket.
 */
export type ScenarioName = 'default' | 'empty' | 'error' | 'slow' | 'unauthorized';
export type Scenarios<Extra extends string = never> = Record<ScenarioName | Extra, AnyHandler[]>;

/** A domain's endpoints: the contract's groups (`apiKeyEndpoints`) or some of their members. */
type EndpointSet = Readonly<Record<string, Endpoint>> | readonly Endpoint[];

/** One handler for each endpoint, all answering with the same resolver. */
export function onEach(endpoints: EndpointSet, resolver: HttpResponseResolver): HttpHandler[] {
  return Object.values(endpoints).map((endpoint) => on(endpoint, resolver));
}

/** The server's error shape, `{ message, code }`, with the status the server gives that code. */
export function apiError(code: ApiErrorCode, message: string, details?: unknown) {
  return HttpResponse.json<ErrorResponse>(
    { message, code, ...(details === undefined ? {} : { details }) },
    { status: API_ERRORS[code].status },
  );
}

/**
 * The server's 400 for a field its schema refused: `field: message`, and the field in
 * `details.issues` (the web app shows it at the field). `issues` is what the schema said.
 */
export function fieldRefused(field: string, issues: readonly { message: string }[]) {
  const message = issues[0]?.message ?? 'is invalid';
  return apiError('validation_failed', `${field}: ${message}`, {
    issues: [{ field, message }],
  });
}

/**
 * The URLs of the requests a `slow` handler holds (their answers never come), so a test that waits
 * for a page's data to arrive does not wait for these. Whoever reads it clears it between stories.
 */
export const heldRequests = new Set<string>();

/** Every endpoint never answers: loading states. */
export const slowAll = (endpoints: EndpointSet) =>
  onEach(endpoints, async ({ request }) => {
    heldRequests.add(request.url);
    await delay('infinite');
    return new HttpResponse(null, { status: 204 });
  });

/** Every endpoint fails with a 500 and the server's error shape. */
export const failAll = (endpoints: EndpointSet, message = 'Something went wrong on our side') =>
  onEach(endpoints, () => apiError('internal_error', message));

/** Every endpoint answers 401 as the server does without a session. */
export const unauthorizedAll = (endpoints: EndpointSet) =>
  onEach(endpoints, () => apiError('unauthenticated', 'Sign in to continue'));
