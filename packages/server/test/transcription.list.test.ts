/** GET /api/transcript/user answers the shared behaviour cases (test/behaviour/transcriptList.ts). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcriptions } from '../src/db/schema/index.js';
import { LIST_CASES, LIST_ROWS } from './behaviour/transcriptList.js';
import { backends, signUp, startServer, type ApiClient, type TestServer } from './helpers.js';

describe.each(backends)('the transcript list (%s)', (backend) => {
  let server: TestServer;
  let api: ApiClient;
  const keyOf = new Map<string, string>();

  beforeAll(async () => {
    server = await startServer({ backend });
    const signedUp = await signUp(server);
    api = signedUp.api;
    // Another account's rows that would match every search: they must never show.
    const other = (await signUp(server)).user.id;
    for (const [userId, rows] of [
      [signedUp.user.id, LIST_ROWS],
      [other, LIST_ROWS],
    ] as const) {
      for (const row of rows) {
        const id = randomUUID();
        if (userId === signedUp.user.id) keyOf.set(id, row.key);
        await server.storage.db.insert(transcriptions).values({
          id,
          userId,
          model: 'tiny.en',
          source: row.audioUrl ? 'url' : 'upload',
          fileName: row.fileName,
          audioUrl: row.audioUrl,
          status: row.status,
          result: row.text
            ? { text: row.text, language: 'en', languageProbability: 1, segments: [], words: [] }
            : null,
          createdAt: new Date(Date.now() - row.minutesAgo * 60_000),
        });
      }
    }
  });
  afterAll(() => server?.close());

  it.each(LIST_CASES)('?$query', async ({ query, page, total }) => {
    const res = await api.get(`/api/transcript/user?${query}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(total);
    expect(res.body.transcriptions.map((t: { id: string }) => keyOf.get(t.id) ?? t.id)).toEqual(
      page,
    );
  });
});
