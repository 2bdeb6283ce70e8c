import { PII_POLICIES, REALTIME_CLOSE } from '@parlance/contract/endpoints';
import { describe, expect, it } from 'vitest';
import type { RealtimeServerMessage } from '@parlance/contract';
import {
  closeMessage,
  initialLiveState,
  liveReducer,
  parseServerMessage,
  type LiveAction,
  type LiveState,
} from './liveSession';
import { realtimeUrl } from './realtimeUrl';

const ID = '7d3e8f20-4a1b-4c5d-9e6f-000000000098';
const ready: RealtimeServerMessage = {
  type: 'ready',
  id: ID,
  model: 'base',
  fallback_from: null,
  language: null,
  sample_rate: 48000,
  encoding: 'pcm_s16le',
};
const message = (m: RealtimeServerMessage): LiveAction => ({ type: 'message', message: m });
const final = (text: string, start: number, end: number): LiveAction =>
  message({
    type: 'final',
    text,
    start,
    end,
    language: 'en',
    detected_language: null,
    language_fallback: false,
    words: [],
  });
const partial = (text: string, start: number): LiveAction =>
  message({ type: 'partial', text, start });
const run = (actions: LiveAction[], from: LiveState = initialLiveState) =>
  actions.reduce(liveReducer, from);

const streaming = run([{ type: 'start' }, { type: 'microphoneOpened' }, message(ready)]);

describe('the live session', () => {
  it('goes asking → connecting → streaming, with the model the server uses', () => {
    const asking = run([{ type: 'start' }]);
    expect(asking.phase).toBe('asking');
    expect(run([{ type: 'microphoneOpened' }], asking).phase).toBe('connecting');
    expect(streaming).toMatchObject({ phase: 'streaming', model: 'base' });
  });

  it('replaces the partial as it changes, and commits finals in order in its place', () => {
    const heard = run(
      [
        partial('Testing', 0),
        partial('Testing the live', 0),
        final('Testing the live playground.', 0, 1.4),
        partial('Every', 1.6),
      ],
      streaming,
    );
    expect(heard.partial).toEqual({ text: 'Every', start: 1.6 });
    expect(heard.finals).toEqual([{ text: 'Testing the live playground.', start: 0, end: 1.4 }]);
    const committed = run([final(' Every phrase. ', 1.6, 2.5)], heard);
    expect(committed.partial).toBeNull();
    expect(committed.finals.map((f) => f.text)).toEqual([
      'Testing the live playground.',
      'Every phrase.',
    ]);
  });

  it('drops an empty final and the partial it replaces', () => {
    const state = run([partial('uh', 3), final('  ', 3, 3.4)], streaming);
    expect(state.partial).toBeNull();
    expect(state.finals).toEqual([]);
  });

  it('counts the seconds sent and shows the level of each frame', () => {
    const state = run(
      [
        { type: 'frame', rms: 0.01, sentSeconds: 0.1 },
        { type: 'frame', rms: 1, sentSeconds: 0.1 },
        { type: 'frame', rms: 0.5, sentSeconds: 0 },
      ],
      streaming,
    );
    expect(state.seconds).toBeCloseTo(0.2);
    expect(state.level).toBeCloseTo(1 + (20 * Math.log10(0.5)) / 60);
  });

  it('finishes on Stop and done: saved, billed, the level at rest', () => {
    const finishing = run(
      [{ type: 'frame', rms: 0.3, sentSeconds: 0.1 }, { type: 'stop' }],
      streaming,
    );
    expect(finishing).toMatchObject({ phase: 'finishing', level: 0 });
    const done = run(
      [
        final('Last words.', 0, 0.1),
        message({
          type: 'done',
          id: ID,
          billed_seconds: 0.1,
          untranscribed_seconds: 0,
          cost_micros: 5,
        }),
        { type: 'closed', code: REALTIME_CLOSE.done, reason: 'done' },
      ],
      finishing,
    );
    expect(done).toMatchObject({
      phase: 'done',
      failure: null,
      done: { id: ID, billed_seconds: 0.1, cost_micros: 5 },
    });
    expect(done.finals).toHaveLength(1);
  });

  it('stays finishing when a second ready comes after Stop, and knows end_of_turn', () => {
    expect(run([{ type: 'stop' }, message(ready)], streaming).phase).toBe('finishing');
    const turn = { type: 'end_of_turn', start: 0, end: 2, text: 'Hello there.' } as const;
    expect(parseServerMessage(JSON.stringify(turn))).toEqual(turn);
    expect(run([message(turn)], streaming)).toEqual(streaming);
  });

  it('follows how far behind the server says it is, until it has caught up or is done', () => {
    const lag = (seconds: number) => message({ type: 'lag', seconds_behind: seconds });
    expect(run([lag(3.4)], streaming).behind).toBe(3.4);
    expect(run([lag(3.4), lag(0)], streaming).behind).toBe(0);
    const gap = message({ type: 'gap', start: 1, end: 4, reason: 'fell behind' });
    const done = run(
      [
        lag(3.4),
        gap,
        message({
          type: 'done',
          id: ID,
          billed_seconds: 1,
          untranscribed_seconds: 3,
          cost_micros: 5,
        }),
      ],
      streaming,
    );
    expect(done).toMatchObject({ phase: 'done', behind: 0, done: { untranscribed_seconds: 3 } });
    expect(parseServerMessage(JSON.stringify({ type: 'gap', start: 1, end: 4 }))).not.toBeNull();
  });

  it('shows the server’s error message when it closes, keeping the finals', () => {
    const state = run(
      [
        final('Kept.', 0, 1),
        partial('Lost', 1),
        message({ type: 'error', code: 'too_many_streams', message: 'Too many streams' }),
        { type: 'closed', code: REALTIME_CLOSE.tooManyStreams, reason: 'too_many_streams' },
      ],
      streaming,
    );
    expect(state).toMatchObject({
      phase: 'failed',
      partial: null,
      failure: { message: 'Too many streams', code: 'too_many_streams', closeCode: 4429 },
    });
    expect(state.finals.map((f) => f.text)).toEqual(['Kept.']);
  });

  it('keeps the error and the saved transcript when the server stops early but saves (4402)', () => {
    const state = run(
      [
        message({ type: 'error', code: 'insufficient_credits', message: 'Insufficient credits' }),
        final('Heard.', 0, 2),
        message({
          type: 'done',
          id: ID,
          billed_seconds: 2,
          untranscribed_seconds: 0,
          cost_micros: 100,
        }),
        {
          type: 'closed',
          code: REALTIME_CLOSE.insufficientCredits,
          reason: 'insufficient_credits',
        },
      ],
      streaming,
    );
    expect(state.phase).toBe('done');
    expect(state.failure?.message).toBe('Insufficient credits');
    expect(state.done?.id).toBe(ID);
    expect(state.finals.map((f) => f.text)).toEqual(['Heard.']);
  });

  it('explains a close with no error message before it by its code', () => {
    expect(run([{ type: 'closed', code: 1006, reason: '' }], streaming).failure).toEqual({
      message: closeMessage(1006, ''),
      code: null,
      closeCode: 1006,
    });
    expect(closeMessage(1006, '')).toMatch(/connection to the server was lost/);
    expect(closeMessage(REALTIME_CLOSE.insufficientCredits, '')).toMatch(/Insufficient credits/);
    expect(closeMessage(REALTIME_CLOSE.tooManyStreams, '')).toMatch(/Too many live streams/);
    expect(closeMessage(REALTIME_CLOSE.badRequest, 'sample_rate must be…')).toBe(
      'sample_rate must be…',
    );
  });

  it('explains a microphone that could not be opened, and a token that could not be had', () => {
    expect(run([{ type: 'start' }, { type: 'microphoneFailed', problem: 'denied' }])).toMatchObject(
      { phase: 'failed', microphone: 'denied', failure: null },
    );
    expect(
      run([
        { type: 'start' },
        { type: 'microphoneOpened' },
        { type: 'startFailed', message: 'No' },
      ]),
    ).toMatchObject({ phase: 'failed', failure: { message: 'No' } });
  });

  it('ignores what comes after it ended, and starts afresh', () => {
    const failed = run([{ type: 'closed', code: 1006, reason: '' }], streaming);
    expect(run([final('Late.', 0, 1), { type: 'frame', rms: 1, sentSeconds: 1 }], failed)).toBe(
      failed,
    );
    expect(run([{ type: 'start' }], failed)).toEqual({ ...initialLiveState, phase: 'asking' });
    expect(run([{ type: 'cancel' }], streaming)).toEqual(initialLiveState);
  });
});

describe('parseServerMessage', () => {
  it('reads the server’s messages and ignores anything else', () => {
    expect(parseServerMessage(JSON.stringify(ready))).toEqual(ready);
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage('"text"')).toBeNull();
    expect(parseServerMessage('{"type":"pong"}')).toBeNull();
  });
});

describe('realtimeUrl', () => {
  it('opens the same host over ws, or wss from https, with the token and the capture rate', () => {
    expect(realtimeUrl({ origin: 'http://localhost:3000', token: 'rt_1', sampleRate: 48000 })).toBe(
      'ws://localhost:3000/v1/realtime?token=rt_1&sample_rate=48000&encoding=pcm_s16le',
    );
    expect(
      realtimeUrl({
        origin: 'https://parlance.example',
        token: 'a b',
        sampleRate: 44100,
        model: 'small',
        language: 'fr',
      }),
    ).toBe(
      'wss://parlance.example/v1/realtime?token=a+b&sample_rate=44100&encoding=pcm_s16le&model=small&language=fr',
    );
  });

  it('asks for every kind of personal data to be redacted', () => {
    const url = new URL(
      realtimeUrl({
        origin: 'http://localhost:3000',
        token: 't',
        sampleRate: 16000,
        redactPii: true,
      }),
    );
    expect(url.searchParams.get('redact_pii')?.split(',')).toEqual([...PII_POLICIES]);
  });

  it('leaves the language out when it is detected', () => {
    expect(
      realtimeUrl({
        origin: 'https://parlance.example',
        token: 't',
        sampleRate: 16000,
        model: null,
        language: 'auto',
      }),
    ).toBe('wss://parlance.example/v1/realtime?token=t&sample_rate=16000&encoding=pcm_s16le');
  });
});
