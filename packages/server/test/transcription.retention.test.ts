/**
 * Retention, on both backends: a request's delete_audio_after / delete_after and the account's
 * keepAudioDays / keepTranscriptsDays set deadlines the API reports and the sweeper keeps (the
 * soonest applies, audio never outlives its transcript, an account's limits reach the transcripts
 * it already has); DELETE /v1/transcript/:id/audio drops the audio and keeps the text.
 */
import { writeFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcript, TranscriptSummary } from '@parlance/contract';
import { transcriptions } from '../src/db/schema/transcription.js';
import type { Redaction } from '../src/transcription/redaction.js';
import { sweepRetention } from '../src/transcription/retention.js';
import { backends, type TestServer } from './helpers.js';
import {
  customer,
  fixture,
  startTranscriptionServer,
  submit,
  waitForJob,
  type Customer,
} from './transcription-helpers.js';

const DAY_MS = 86_400_000;

describe.each(backends)('retention (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // The tests sweep when they choose: the server's own sweep (at start) finds nothing to do.
    server = await startTranscriptionServer({ RETENTION_SWEEP_SECONDS: '3600' }, { backend });
  });
  afterAll(async () => {
    await server?.close();
  });

  const sweep = () => sweepRetention(server.storage.db, server.app.services.erasures);
  const get = (who: Customer, id: string, path = '') =>
    server.client().get(`/v1/transcript/${id}${path}`, { headers: who.auth });
  const deleteAudio = (who: Customer, id: string) =>
    server.client().delete(`/v1/transcript/${id}/audio`, undefined, { headers: who.auth });
  /** Where the job's audio lies in the blob store (read before anything deletes it). */
  const blobOf = async (id: string) => {
    const [row] = await server.storage.db
      .select({ key: transcriptions.blobKey })
      .from(transcriptions)
      .where(eq(transcriptions.id, id));
    return row!.key!;
  };
  const stored = (key: string) => server.app.services.transcription.blobs.size(key);
  /** Sets the job's end `days` back, as if it had ended then. */
  const endedDaysAgo = (id: string, days: number) =>
    server.storage.db
      .update(transcriptions)
      .set({ completedAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(transcriptions.id, id));
  const transcribed = async (who: Customer, fields: Record<string, string> = {}) => {
    const sent = await submit(server, who, { language: 'en', ...fields }, fixture('jfk.wav'));
    expect(sent.status).toBe(202);
    const done = await waitForJob(server, who, sent.body.id);
    expect(done.status).toBe('completed');
    return { done, key: await blobOf(done.id) };
  };
  const at = (iso: string | null) => (iso === null ? null : new Date(iso).getTime());
  /** What the credit history says of each job's charge, by transcript id. */
  const charges = async (who: Customer) => {
    const history = await who.api.get('/api/billing/credits/history?limit=50');
    const entries: { kind: string; reference: string; description: string }[] =
      history.body.transactions;
    return Object.fromEntries(
      entries.filter((e) => e.kind === 'usage').map((e) => [e.reference, e.description]),
    );
  };

  it("a request's deadlines: the audio goes at delete_audio_after, the text stays; delete_after bounds both", async () => {
    const who = await customer(server, 100);
    const { done: now, key } = await transcribed(who, { delete_audio_after: '0' });
    const { done: later, key: laterKey } = await transcribed(who, {
      delete_audio_after: '86400',
      delete_after: '3600',
    });
    const kept = await transcribed(who);
    expect(now).toMatchObject({ delete_audio_after: 0, delete_after: null, delete_at: null });
    expect(at(now.audio_delete_at)).toBe(at(now.completedAt));
    // The transcript goes in an hour, and its audio with it, whatever delete_audio_after said.
    expect(at(later.delete_at)).toBe(at(later.completedAt)! + 3_600_000);
    expect(at(later.audio_delete_at)).toBe(at(later.delete_at));
    expect(kept.done).toMatchObject({ audio_delete_at: null, delete_at: null, has_audio: true });

    expect(await sweep()).toEqual({ transcripts: 0, audio: 1 });
    const swept = (await get(who, now.id)).body as Transcript;
    expect(swept).toMatchObject({ has_audio: false, audio_delete_at: null });
    expect(at(swept.audio_deleted_at)).toBeGreaterThanOrEqual(at(now.completedAt)!);
    expect(swept.result?.text).toMatch(/ask not what your country can do for you/i);
    expect(await stored(key)).toBeNull();
    const audio = await get(who, now.id, '/audio');
    expect(audio.status).toBe(404);
    expect(audio.body).toMatchObject({
      code: 'audio_not_kept',
      message: `This transcript's audio was deleted on ${swept.audio_deleted_at}`,
    });
    expect((await get(who, now.id, '/txt')).body).toMatch(/ask not what your country/i);
    // The others are not due yet.
    expect(await stored(laterKey)).not.toBeNull();
    expect(await stored(kept.key)).not.toBeNull();

    await endedDaysAgo(later.id, 1);
    expect(await sweep()).toEqual({ transcripts: 1, audio: 0 });
    expect((await get(who, later.id)).status).toBe(404);
    expect(await stored(laterKey)).toBeNull();
    expect((await get(who, kept.done.id)).body).toMatchObject({ has_audio: true });
    // The charges stay in the credit history; a deleted transcript's no longer names its file.
    const named = 'Transcription of jfk.wav (11 s, tiny.en)';
    const forgotten = 'Transcription of a deleted file (11 s, tiny.en)';
    expect(await charges(who)).toEqual({
      [now.id]: named,
      [later.id]: forgotten,
      [kept.done.id]: named,
    });
    const deleted = await server
      .client()
      .delete(`/v1/transcript/${kept.done.id}`, undefined, { headers: who.auth });
    expect(deleted.status).toBe(200);
    expect((await charges(who))[kept.done.id]).toBe(forgotten);
  }, 180_000);

  it("the account's retention reaches the transcripts it already has, and the soonest limit wins", async () => {
    const who = await customer(server, 100);
    const other = await customer(server, 100);
    const old = await transcribed(who);
    const recent = await transcribed(who, { delete_audio_after: '60' });
    const theirs = await transcribed(other);

    const set = await who.api.patch('/api/account', { keepAudioDays: 7, keepTranscriptsDays: 30 });
    expect(set.status).toBe(200);
    expect(set.body.user).toMatchObject({
      name: expect.any(String),
      keepAudioDays: 7,
      keepTranscriptsDays: 30,
    });
    const before = (await get(who, old.done.id)).body as Transcript;
    expect(at(before.audio_delete_at)).toBe(at(before.completedAt)! + 7 * DAY_MS);
    expect(at(before.delete_at)).toBe(at(before.completedAt)! + 30 * DAY_MS);
    // The request's minute is sooner than the account's 7 days.
    const soon = (await get(who, recent.done.id)).body as Transcript;
    expect(at(soon.audio_delete_at)).toBe(at(soon.completedAt)! + 60_000);
    // Lists say the same of each row: the dashboard's history and the API's.
    const deadlines = (rows: TranscriptSummary[]) =>
      Object.fromEntries(rows.map((row) => [row.id, row.audio_delete_at]));
    const expected = {
      [old.done.id]: before.audio_delete_at,
      [recent.done.id]: soon.audio_delete_at,
    };
    const history = await who.api.get('/api/transcript/user');
    expect(deadlines(history.body.transcriptions)).toEqual(expected);
    const listed = await server.client().get('/v1/transcript', { headers: who.auth });
    expect(deadlines(listed.body.transcripts)).toEqual(expected);

    await endedDaysAgo(old.done.id, 8);
    await endedDaysAgo(theirs.done.id, 40);
    await endedDaysAgo(recent.done.id, 31);
    expect(await sweep()).toEqual({ transcripts: 1, audio: 1 });
    // 8 days: the audio went, the transcript stays until its 30th day.
    expect((await get(who, old.done.id)).body).toMatchObject({ has_audio: false });
    expect(await stored(old.key)).toBeNull();
    expect((await get(who, recent.done.id)).status).toBe(404);
    expect(await stored(recent.key)).toBeNull();
    // Another account keeps everything: no retention of its own.
    expect((await get(other, theirs.done.id)).body).toMatchObject({ has_audio: true });
    expect(await stored(theirs.key)).not.toBeNull();

    // Back to keeping: deadlines go. A body that sets nothing changes nothing.
    const unset = await who.api.patch('/api/account', {
      keepAudioDays: null,
      keepTranscriptsDays: null,
    });
    expect(unset.status).toBe(200);
    expect((await get(who, old.done.id)).body).toMatchObject({ delete_at: null });
    const empty = await who.api.patch('/api/account', {});
    expect(empty.status).toBe(200);
    expect(empty.body.user).toEqual(unset.body.user);
  }, 180_000);

  it('DELETE …/audio keeps the text; again answers the same; refused while the job runs or for another account', async () => {
    const who = await customer(server, 100);
    const other = await customer(server, 100);
    const { done, key } = await transcribed(who);
    expect((await deleteAudio(other, done.id)).status).toBe(404);
    expect(await stored(key)).not.toBeNull();

    for (let i = 0; i < 2; i++) {
      const res = await deleteAudio(who, done.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Audio deleted' });
    }
    expect(await stored(key)).toBeNull();
    const after = (await get(who, done.id)).body as Transcript;
    expect(after).toMatchObject({ has_audio: false, status: 'completed' });
    expect(after.audio_deleted_at).not.toBeNull();
    expect(after.result?.text).toBe(done.result?.text);

    // One worker: the second job waits in the queue behind the first, needing its audio.
    const first = await submit(server, who, { language: 'en' }, fixture('jfk.wav'));
    const second = await submit(
      server,
      who,
      { language: 'en', delete_audio_after: '0' },
      fixture('jfk.wav'),
    );
    const running = await deleteAudio(who, second.body.id);
    expect(running.status).toBe(409);
    expect(running.body.code).toBe('transcript_not_ready');
    expect(await stored(await blobOf(second.body.id))).not.toBeNull();
    expect((await waitForJob(server, who, first.body.id)).status).toBe('completed');
    expect((await waitForJob(server, who, second.body.id)).status).toBe('completed');
  }, 180_000);

  it("a live stream's transcript has no audio to delete", async () => {
    const who = await customer(server, 100);
    const [live] = await server.storage.db
      .insert(transcriptions)
      .values({ userId: who.userId, model: 'tiny.en', source: 'live', status: 'processing' })
      .returning({ id: transcriptions.id });
    const res = await deleteAudio(who, live!.id);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({
      code: 'audio_not_kept',
      message: 'Live streams keep no audio: only their transcript is saved',
    });
  });

  it('a job that ended before its redact_pii_audio copy was made loses its audio at the next sweep', async () => {
    const who = await customer(server, 100);
    const { blobs } = server.app.services.transcription;
    /** A failed job (as a worker leaves it) whose upload is still stored. */
    const failed = async (redaction: Redaction) => {
      const [row] = await server.storage.db
        .insert(transcriptions)
        .values({
          userId: who.userId,
          model: 'tiny.en',
          source: 'upload',
          fileName: 'call.wav',
          status: 'error',
          errorMessage: 'The audio could not be decoded',
          completedAt: sql`now()`,
          redaction,
        })
        .returning({ id: transcriptions.id, completedAt: transcriptions.completedAt });
      const key = `audio/${row!.id}`;
      const staged = await blobs.stagingPath();
      await writeFile(staged, 'my card is 4111 1111 1111 1111');
      await blobs.putFile(key, staged);
      await server.storage.db
        .update(transcriptions)
        .set({ blobKey: key })
        .where(eq(transcriptions.id, row!.id));
      return { id: row!.id, key };
    };
    const bleeping = await failed({ policies: ['credit_card_number'], sub: 'hash', audio: true });
    const textOnly = await failed({ policies: ['credit_card_number'], sub: 'hash', audio: false });

    const before = (await get(who, bleeping.id)).body as Transcript;
    expect(at(before.audio_delete_at)).toBe(at(before.completedAt));
    expect((await get(who, textOnly.id)).body).toMatchObject({ audio_delete_at: null });
    const refused = await get(who, bleeping.id, '/audio');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'transcript_not_ready',
      message:
        'This job ended (failed or cancelled) before its audio was redacted, so the audio is not served: the next retention sweep deletes it',
    });

    await sweep(); // (other tests' rows may be due too)
    expect(await stored(bleeping.key)).toBeNull();
    expect((await get(who, bleeping.id)).body).toMatchObject({ has_audio: false });
    const gone = await get(who, bleeping.id, '/audio');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'audio_not_kept' });
    expect(gone.body.message).toMatch(/^This transcript's audio was deleted on /);
    // A failed job that redacts only its text keeps its audio as its retention says.
    expect(await stored(textOnly.key)).not.toBeNull();
  });

  it('refuses retention that is not a whole number in range, with the field named', async () => {
    const who = await customer(server, 100);
    for (const [field, value] of [
      ['delete_audio_after', '-1'],
      ['delete_after', '1.5'],
      ['delete_after', String(3651 * 86_400)],
    ] as const) {
      const res = await submit(server, who, { language: 'en', [field]: value }, fixture('jfk.wav'));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        `${field} must be a whole number of seconds, at most 315360000 (3650 days)`,
      );
    }
    for (const [body, message] of [
      [
        { keepTranscriptsDays: 0 },
        'keepTranscriptsDays must be a whole number of days from 1 to 3650',
      ],
      [{ keepAudioDays: 3651 }, 'keepAudioDays must be a whole number of days from 0 to 3650'],
      [{ keepAudioDays: 1.5 }, 'keepAudioDays must be a whole number of days from 0 to 3650'],
    ] as const) {
      const res = await who.api.patch('/api/account', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  }, 60_000);
});

describe('the sweeper', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTranscriptionServer({ RETENTION_SWEEP_SECONDS: '1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('deletes audio past its deadline by itself, every RETENTION_SWEEP_SECONDS', async () => {
    const who = await customer(server, 100);
    const sent = await submit(
      server,
      who,
      { language: 'en', delete_audio_after: '0' },
      fixture('jfk.wav'),
    );
    // Read while the job runs: the sweep may take it off the row as soon as the job ends.
    const [row] = await server.storage.db
      .select({ key: transcriptions.blobKey })
      .from(transcriptions)
      .where(eq(transcriptions.id, sent.body.id));
    expect((await waitForJob(server, who, sent.body.id)).status).toBe('completed');
    await expect
      .poll(
        async () =>
          (await server.client().get(`/v1/transcript/${sent.body.id}`, { headers: who.auth })).body
            .has_audio,
        { timeout: 10_000, interval: 250 },
      )
      .toBe(false);
    // The row gives up its audio first, with the blob's erasure recorded in the same transaction;
    // the blob goes just after (retention.ts): on a busy machine, a moment later.
    await expect
      .poll(() => server.app.services.transcription.blobs.size(row!.key!), { timeout: 10_000 })
      .toBeNull();
  }, 60_000);
});
