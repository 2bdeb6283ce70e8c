/**
 * GET /api/transcript/user answers the shared behaviour cases (@parlance/contract/behaviour/transcriptList);
 * GET /v1/transcript pages the same rows by cursor for API clients.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../src/apiKeys/repository.js';
import { transcriptions } from '../src/db/schema/index.js';
import { LIST_CASES, LIST_ROWS } from '@parlance/contract/behaviour/transcriptList';
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

describe.each(backends)('GET /v1/transcript (%s)', (backend) => {
  let server: TestServer;
  let userId: string;
  let auth: { authorization: string };
  const keyOf = new Map<string, string>();
  const keys = (page: { transcripts: { id: string }[] }) =>
    page.transcripts.map((t) => keyOf.get(t.id) ?? t.id);
  const insert = async (
    owner: string,
    key: string,
    createdAt: Date | string,
    status = 'completed',
  ) => {
    const id = randomUUID();
    if (owner === userId) keyOf.set(id, key);
    await server.storage.db.insert(transcriptions).values({
      id,
      userId: owner,
      model: 'tiny.en',
      source: 'upload',
      fileName: `${key}.wav`,
      status: status as 'completed',
      createdAt: typeof createdAt === 'string' ? sql`${createdAt}::timestamptz` : createdAt,
    } as typeof transcriptions.$inferInsert);
  };
  const list = async (query: string) => {
    const res = await server.client().get(`/v1/transcript?${query}`, { headers: auth });
    expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body as {
      transcripts: { id: string }[];
      has_more: boolean;
      next_cursor: string | null;
    };
  };

  beforeAll(async () => {
    server = await startServer({ backend });
    const owner = await signUp(server);
    userId = owner.user.id;
    const { secret } = await createApiKey(server.storage.db, userId, 'list', 'test');
    auth = { authorization: `Bearer ${secret}` };
    const other = (await signUp(server)).user.id;
    for (const who of [userId, other]) {
      // Two rows a microsecond apart, inside one millisecond: a JavaScript Date cannot tell them.
      await insert(who, 'a', '2026-11-01T10:00:00.000300Z');
      await insert(who, 'b', '2026-11-01T10:00:00.000200Z', 'error');
      await insert(who, 'c', '2026-11-01T09:00:00Z');
      await insert(who, 'd', '2026-10-31T09:00:00Z', 'queued');
      await insert(who, 'e', '2026-10-30T09:00:00Z');
    }
  });
  afterAll(() => server?.close());

  it('pages newest first by cursor, each row once, with the filters kept', async () => {
    const seen: string[] = [];
    let page = await list('limit=2');
    for (;;) {
      seen.push(...keys(page));
      if (!page.has_more) break;
      expect(page.next_cursor).toEqual(expect.any(String));
      page = await list(`limit=2&cursor=${page.next_cursor}`);
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(page.next_cursor).toBeNull();
    // One per page crosses the microsecond pair too.
    const first = await list('limit=1');
    expect(keys(first)).toEqual(['a']);
    expect(keys(await list(`limit=1&cursor=${first.next_cursor}`))).toEqual(['b']);
  });

  it('filters by status and creation time', async () => {
    const completed0 = await list('status=completed');
    expect(keys(completed0)).toEqual(['a', 'c', 'e']);
    expect(completed0.transcripts[0]).toMatchObject({ source: 'upload', status: 'completed' });
    expect(keys(await list('created_after=2026-10-31T00:00:00Z'))).toEqual(['a', 'b', 'c', 'd']);
    expect(
      keys(
        await list('created_after=2026-10-31T00:00:00Z&created_before=2026-11-01T09:30:00%2B00:00'),
      ),
    ).toEqual(['c', 'd']);
    const completed = await list('status=completed&limit=1');
    expect(keys(await list(`status=completed&limit=1&cursor=${completed.next_cursor}`))).toEqual([
      'c',
    ]);
  });

  it('a row added between pages shifts nothing', async () => {
    const first = await list('limit=2');
    await insert(userId, 'new', new Date());
    expect(keys(await list(`limit=2&cursor=${first.next_cursor}`))).toEqual(['c', 'd']);
  });

  it('answers a bad query with a 400 that says why, and a missing key with 401', async () => {
    for (const query of [
      'cursor=bm9wZQ',
      `cursor=${Buffer.from("1 1' OR '1'='1").toString('base64url')}`,
      'limit=0',
      'limit=1000',
      'status=done',
      'created_after=yesterday',
      'created_after=0000-01-01T00:00:00Z',
      'created_before=0001-01-01T00:00:00%2B01:00',
    ]) {
      const res = await server.client().get(`/v1/transcript?${query}`, { headers: auth });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toEqual(expect.any(String));
    }
    const bad = await server.client().get('/v1/transcript?cursor=bm9wZQ', { headers: auth });
    expect(bad.body).toMatchObject({
      code: 'invalid_cursor',
      message: 'The cursor is not one this API gave out',
    });
    expect((await server.client().get('/v1/transcript')).body.code).toBe('missing_api_key');
  });
});
