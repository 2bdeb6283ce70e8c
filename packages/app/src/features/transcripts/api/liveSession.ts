import type { RealtimeDone, RealtimeServerMessage } from '@parlance/contract';
import { REALTIME_CLOSE } from '@parlance/contract/endpoints';
import type { MicrophoneProblem } from '../utils/microphone';
import { meterLevel } from '../utils/pcm';

/**
 * Where a live session stands: `asking` for the microphone, `connecting` (token, socket, until the
 * server's `ready`), `streaming`, `finishing` (Stop pressed: `end` sent, waiting for the last
 * final and `done`), `done` (saved: after Stop, or after an `error` the server still saved the
 * stream for, such as credit running out), or `failed` (the microphone, the token call, or a
 * stream that closed with nothing saved).
 */
export type LivePhase =
  'idle' | 'asking' | 'connecting' | 'streaming' | 'finishing' | 'done' | 'failed';

/** A committed phrase. */
export interface LivePhrase {
  text: string;
  /** Seconds from the start of the stream. */
  start: number;
  end: number;
}

export interface LiveFailure {
  /** What to show: the server's message, or what the page knows the close code means. */
  message: string;
  /** The server's error code (`insufficient_credits`, …), when it sent one. */
  code: string | null;
  /** The socket's close code, when the stream closed. */
  closeCode: number | null;
}

export interface LiveState {
  phase: LivePhase;
  /** Why the microphone could not be opened (phase `failed`). */
  microphone: MicrophoneProblem | null;
  /** Why the token call or the stream failed (phase `failed`). */
  failure: LiveFailure | null;
  /** The model the server transcribes with (from `ready`). */
  model: string | null;
  /** Committed phrases, in order. */
  finals: LivePhrase[];
  /** The phrase being spoken: replaced by the next partial, dropped by the next final. */
  partial: { text: string; start: number } | null;
  /** Seconds of audio sent so far: what the stream is billed for, unless part is not transcribed. */
  seconds: number;
  /** How far the server is behind the audio sent (its last `lag`); 0 when it keeps up. */
  behind: number;
  /** The microphone's loudness in [0, 1] (see `meterLevel`). */
  level: number;
  /** The server's `done`: the saved transcript's id, billed seconds and cost. */
  done: RealtimeDone | null;
}

export type LiveAction =
  | { type: 'start' }
  | { type: 'microphoneOpened' }
  | { type: 'microphoneFailed'; problem: MicrophoneProblem }
  | { type: 'startFailed'; message: string }
  /** A frame was captured (`rms`), and sent when `sentSeconds` > 0. */
  | { type: 'frame'; rms: number; sentSeconds: number }
  | { type: 'message'; message: RealtimeServerMessage }
  | { type: 'stop' }
  | { type: 'cancel' }
  | { type: 'closed'; code: number; reason: string };

export const initialLiveState: LiveState = {
  phase: 'idle',
  microphone: null,
  failure: null,
  model: null,
  finals: [],
  partial: null,
  seconds: 0,
  behind: 0,
  level: 0,
  done: null,
};

/** What a close with no `error` message before it means, by code. */
export function closeMessage(code: number, reason: string): string {
  switch (code) {
    case REALTIME_CLOSE.insufficientCredits:
      return 'Insufficient credits: add credit to keep transcribing live.';
    case REALTIME_CLOSE.tooManyStreams:
      return 'Too many live streams are open. Stop another one, or try again in a minute.';
    case REALTIME_CLOSE.unauthorized:
      return 'The stream was refused: your session may have ended. Reload the page and try again.';
    case REALTIME_CLOSE.idleTimeout:
      return 'The stream was closed because no sound arrived for a while.';
    case REALTIME_CLOSE.cancelled:
      return 'The transcript was deleted while it was streaming: nothing was saved.';
    case REALTIME_CLOSE.shuttingDown:
      return 'The server is restarting: the stream ended here. Start a new one.';
    case REALTIME_CLOSE.badRequest:
    case REALTIME_CLOSE.badAudio:
      return reason || 'The server could not use what this page sent.';
    case REALTIME_CLOSE.serverError:
      return reason || 'The server stopped the stream. What it received so far is saved.';
    default:
      return 'The connection to the server was lost. What was transcribed so far may not be saved.';
  }
}

const ENDED: ReadonlySet<LivePhase> = new Set(['idle', 'done', 'failed']);

/** The live session's state machine: the page's steps and the server's messages, in order. */
export function liveReducer(state: LiveState, action: LiveAction): LiveState {
  switch (action.type) {
    case 'start':
      return { ...initialLiveState, phase: 'asking' };
    case 'microphoneOpened':
      return state.phase === 'asking' ? { ...state, phase: 'connecting' } : state;
    case 'microphoneFailed':
      return { ...state, phase: 'failed', microphone: action.problem, level: 0 };
    case 'startFailed':
      return {
        ...state,
        phase: 'failed',
        failure: { message: action.message, code: null, closeCode: null },
        level: 0,
      };
    case 'frame':
      if (ENDED.has(state.phase)) return state;
      return {
        ...state,
        level: state.phase === 'finishing' ? 0 : meterLevel(action.rms),
        seconds: state.seconds + action.sentSeconds,
      };
    case 'stop':
      return state.phase === 'streaming' ? { ...state, phase: 'finishing', level: 0 } : state;
    case 'cancel':
      return initialLiveState;
    case 'message':
      return onMessage(state, action.message);
    case 'closed':
      if (ENDED.has(state.phase)) return state;
      return {
        ...state,
        phase: 'failed',
        level: 0,
        partial: null,
        failure: {
          message: state.failure?.message ?? closeMessage(action.code, action.reason),
          code: state.failure?.code ?? null,
          closeCode: action.code,
        },
      };
  }
}

function onMessage(state: LiveState, message: RealtimeServerMessage): LiveState {
  if (ENDED.has(state.phase)) return state;
  switch (message.type) {
    case 'ready':
      // A second `ready` (settings changed) does not undo a Stop already pressed.
      return {
        ...state,
        phase: state.phase === 'finishing' ? 'finishing' : 'streaming',
        model: message.model,
      };
    case 'partial':
      return { ...state, partial: { text: message.text, start: message.start } };
    case 'final': {
      const text = message.text.trim();
      return {
        ...state,
        partial: null,
        finals: text
          ? [...state.finals, { text, start: message.start, end: message.end }]
          : state.finals,
      };
    }
    case 'error':
      // The close that follows ends the session; the message is what it shows.
      return {
        ...state,
        failure: { message: message.message, code: message.code, closeCode: null },
      };
    case 'end_of_turn':
      // A turn's text came in its finals; the playground shows phrases, not turns.
      return state;
    case 'lag':
      return { ...state, behind: message.seconds_behind };
    case 'gap':
      // `done` says how much was not transcribed, and the saved transcript says which seconds.
      return state;
    case 'done':
      return { ...state, phase: 'done', done: message, partial: null, level: 0, behind: 0 };
  }
}

/**
 * A text frame from the server as a message, or null when it is not JSON with a known `type` (the
 * server's messages follow the contract; anything else is ignored rather than trusted).
 */
export function parseServerMessage(data: string): RealtimeServerMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || !('type' in parsed)) return null;
  const known = ['ready', 'partial', 'final', 'end_of_turn', 'error', 'lag', 'gap', 'done'];
  return known.includes(String(parsed.type)) ? (parsed as RealtimeServerMessage) : null;
}
