/** The mock of GET /api/transcript/user answers the server's behaviour cases; the live stream's mock speaks the contract. */
import { getResponse, type WebSocketHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  REALTIME_CLOSE,
  RealtimeServerMessage,
  type TranscriptList,
  type TranscriptSummary,
} from '@parlance/contract';
import { realtimePaths } from '@parlance/contract/endpoints';
import { priceMicros } from '@parlance/contract/money';
import { LIST_CASES, LIST_ROWS } from '@parlance/contract/behaviour/transcriptList';
import { NOW } from './support';
import { livePhrasesFixture } from './fixtures/transcripts';
import { liveStream, transcriptList, type LiveBehaviour } from './transcripts';

const rows: TranscriptSummary[] = LIST_ROWS.map((row, index) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  audioUrl: row.audioUrl,
  fileName: row.fileName,
  source: row.audioUrl ? 'url' : 'upload',
  createdAt: new Date(NOW.getTime() - row.minutesAgo * 60_000).toISOString(),
  status: row.status,
  audio_duration: 1,
  model: 'tiny.en',
  language: null,
  costMicros: null,
  progress: { percent: 0, stage: null },
  notice: null,
  audio_delete_at: null,
  audio_deleted_at: null,
  apiKeyId: null,
  sender: 'Playground',
}));
const keyOf = new Map(rows.map((row, index) => [row.id, LIST_ROWS[index]?.key]));
const textOf = new Map(rows.map((row, index) => [row.id, LIST_ROWS[index]?.text ?? null]));
// Listed in an order the server would not use: the mock must sort as the server does.
const handler = transcriptList([...rows].reverse(), (row) => textOf.get(row.id) ?? null);

describe('the transcript list mock', () => {
  it.each(LIST_CASES)('?$query', async ({ query, page, total }) => {
    const response = await getResponse(
      [handler],
      new Request(`http://localhost/api/transcript/user?${query}`),
      { baseUrl: 'http://localhost' },
    );
    const body = (await response?.json()) as TranscriptList;
    expect(body.total).toBe(total);
    expect(body.transcriptions.map((t) => keyOf.get(t.id))).toEqual(page);
  });
});

/**
 * The mock of `/v1/realtime`, driven as a browser would drive it: every message it sends must
 * parse as the contract's RealtimeServerMessage, in the order the server sends them.
 */
class FakeClient extends EventTarget {
  readonly id = 'client-1';
  readonly sent: RealtimeServerMessage[] = [];
  closed: { code?: number; reason?: string } | null = null;
  constructor(readonly url: URL) {
    super();
  }
  send(data: unknown) {
    if (typeof data !== 'string') throw new Error('The server sends text frames only');
    this.sent.push(RealtimeServerMessage.parse(JSON.parse(data)));
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
  }
  /** A frame from the browser: audio (an ArrayBuffer) or a message (a string). */
  receive(data: ArrayBuffer | string) {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

async function connect(behaviour: LiveBehaviour, query = 'token=t&sample_rate=16000') {
  const client = new FakeClient(new URL(`ws://localhost${realtimePaths.stream}?${query}`));
  const connection = { client, server: new EventTarget(), info: { protocols: undefined } };
  const handled = await liveStream(behaviour).run(
    connection as unknown as Parameters<WebSocketHandler['run']>[0],
    { baseUrl: 'http://localhost' },
  );
  expect(handled, 'the handler took the connection').not.toBeNull();
  return client;
}

/** `seconds` of audio at 16 kHz in 100 ms frames of s16le. */
function sendAudio(client: FakeClient, seconds: number) {
  for (let i = 0; i < Math.round(seconds * 10); i++) client.receive(new ArrayBuffer(3200));
}

const types = (client: FakeClient) => client.sent.map((message) => message.type);
/** The mock closes a task after its last message. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live stream mock', () => {
  it('answers ready, partials and finals as audio arrives, then final, done and 1000 on end', async () => {
    const client = await connect('speech', 'token=t&sample_rate=16000&model=base&language=en');
    expect(client.sent).toEqual([
      {
        type: 'ready',
        id: expect.any(String),
        model: 'base',
        fallback_from: null,
        language: 'en',
        sample_rate: 16000,
        encoding: 'pcm_s16le',
      },
    ]);
    sendAudio(client, 2.5);
    expect(types(client)).toEqual([
      'ready',
      'partial',
      'partial',
      'partial',
      'final',
      'partial',
      'partial',
    ]);
    await nextTask();
    expect(client.closed).toBeNull();
    client.receive(JSON.stringify({ type: 'end' }));
    await nextTask();
    expect(types(client).slice(-2)).toEqual(['final', 'done']);
    const finals = client.sent.filter((message) => message.type === 'final');
    expect(finals.map((message) => message.text)).toEqual(
      livePhrasesFixture.map((phrase) => phrase.text),
    );
    expect(client.sent.at(-1)).toEqual({
      type: 'done',
      id: client.sent[0]?.type === 'ready' ? client.sent[0].id : 'no ready',
      billed_seconds: 2.5,
      untranscribed_seconds: 0,
      // base: 180,000 µ$ an hour.
      cost_micros: priceMicros(2.5, 180_000),
    });
    expect(client.closed?.code).toBe(REALTIME_CLOSE.done);
  });

  it('runs out of credit after 2 s: error, the phrase heard as a final, done, then 4402', async () => {
    const client = await connect('insufficientCredits');
    sendAudio(client, 2.5);
    await nextTask();
    expect(types(client).slice(-4)).toEqual(['partial', 'error', 'final', 'done']);
    expect(client.sent.find((message) => message.type === 'error')).toMatchObject({
      code: 'insufficient_credits',
    });
    expect(client.sent.at(-1)).toMatchObject({ billed_seconds: 2 });
    expect(client.closed?.code).toBe(REALTIME_CLOSE.insufficientCredits);
  });

  it('refuses a stream when too many are open: error, then 4429, no ready', async () => {
    const client = await connect('tooManyStreams');
    await nextTask();
    expect(types(client)).toEqual(['error']);
    expect(client.closed?.code).toBe(REALTIME_CLOSE.tooManyStreams);
  });

  it('drops the connection after 2 s without error or done (1006)', async () => {
    const client = await connect('connectionLost');
    sendAudio(client, 2.5);
    await nextTask();
    expect(types(client)).not.toContain('done');
    expect(types(client)).not.toContain('error');
    expect(client.closed?.code).toBe(1006);
  });
});
