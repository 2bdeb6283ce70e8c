import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { setSignedInHint } from '@parlance/mocks';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(setSignedInHint);
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());
