import { afterEach, beforeEach, expect } from 'vitest';
import { makeStore } from '../store/store';
import { server } from './server';

/** One request as the API received it. */
export interface SentRequest {
  method: string;
  path: string;
  query: string;
  body: unknown;
  headers: Headers;
}

type Dispatch = ReturnType<typeof makeStore>['dispatch'];

/**
 * Records what the mock API receives during each test, and returns `call`: it runs one endpoint
 * on a fresh store and answers the one request that endpoint sent (failing when it sent another
 * number). For tests of a domain's endpoints: the URL, query, method, body and headers they build.
 */
export function recordRequests(): (
  run: (dispatch: Dispatch) => Promise<unknown>,
) => Promise<SentRequest> {
  let sent: SentRequest[] = [];
  const record = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const type = request.headers.get('content-type') ?? '';
    const copy = request.clone();
    const body = type.includes('json')
      ? await copy.json()
      : type.includes('multipart')
        ? await copy.formData()
        : undefined;
    sent.push({
      method: request.method,
      path: url.pathname,
      query: url.search,
      body,
      headers: request.headers,
    });
  };

  beforeEach(() => {
    server.events.on('request:start', record);
  });
  afterEach(() => server.events.removeListener('request:start', record));

  return async (run) => {
    sent = [];
    const store = makeStore();
    await run(store.dispatch);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toHaveLength(1);
    return sent[0] as SentRequest;
  };
}
