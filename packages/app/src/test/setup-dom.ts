import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { setSignedInHint } from '@parlance/mocks';
import { server } from './server';

// Pages load lazily, and each module is transformed on its first import: in a full run, beside the
// two browser projects, the first visit to a page can take seconds. Testing Library's findBy and
// waitFor give it that long (the dom project's test timeout is well above it).
configure({ asyncUtilTimeout: 15_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(setSignedInHint);
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
