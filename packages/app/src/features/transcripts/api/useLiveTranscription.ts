import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useAppDispatch } from '../../../store/hooks';
import { errorMessage } from '../../../store/errors';
import { microphoneProblem, type Microphone, type OpenMicrophone } from '../utils/microphone';
import { PcmFramer, type PcmFrame } from '../utils/pcm';
import { initialLiveState, liveReducer, parseServerMessage, type LiveState } from './liveSession';
import { realtimeUrl } from './realtimeUrl';
import { transcriptsApi, useCreateRealtimeTokenMutation } from './transcriptsApi';

/** Frames kept while the stream is not ready yet (about 10 s): older ones are dropped. */
const MAX_QUEUED_FRAMES = 100;

export interface LiveOptions {
  model: string | null;
  language: string | null;
  /** Redact personal data from the stream's finals, partials and transcript. */
  redactPii: boolean;
}

/** One press of Start: the microphone, the socket and what is waiting to be sent. */
interface Run {
  cancelled: boolean;
  microphone: Microphone | null;
  framer: PcmFramer | null;
  socket: WebSocket | null;
  /** The server said `ready`: frames go out as they come. */
  ready: boolean;
  /** Stop was pressed (or the device ended): `end` is sent once the queue is. */
  ending: boolean;
  queue: PcmFrame[];
}

export interface LiveTranscription {
  state: LiveState;
  /** Opens the microphone, gets a token and opens the stream. */
  start: (options: LiveOptions) => void;
  /** Stops the microphone and asks the server to finish (`end`); `done` follows. */
  stop: () => void;
}

/**
 * Live transcription from the microphone: the capture (cut into ~100 ms s16le frames), the socket
 * to `/v1/realtime` and the state the page shows. `openMicrophone` is the browser's in the app and
 * a synthetic one in stories.
 */
export function useLiveTranscription(openMicrophone: OpenMicrophone): LiveTranscription {
  const [state, dispatch] = useReducer(liveReducer, initialLiveState);
  const [createToken] = useCreateRealtimeTokenMutation();
  const appDispatch = useAppDispatch();
  const current = useRef<Run | null>(null);

  const send = useCallback((run: Run, frame: PcmFrame, sampleRate: number) => {
    const socket = run.socket;
    if (run.ready && socket?.readyState === WebSocket.OPEN) {
      socket.send(frame.data);
      dispatch({ type: 'frame', rms: frame.rms, sentSeconds: frame.samples / sampleRate });
      return;
    }
    run.queue.push(frame);
    if (run.queue.length > MAX_QUEUED_FRAMES) run.queue.shift();
    dispatch({ type: 'frame', rms: frame.rms, sentSeconds: 0 });
  }, []);

  /** Sends what waited for `ready`, then `end` if Stop came meanwhile. */
  const flush = useCallback(
    (run: Run) => {
      const sampleRate = run.microphone?.sampleRate ?? 1;
      const queued = run.queue.splice(0);
      for (const frame of queued) send(run, frame, sampleRate);
      if (run.ending && run.socket?.readyState === WebSocket.OPEN)
        run.socket.send(JSON.stringify({ type: 'end' }));
    },
    [send],
  );

  const finish = useCallback(
    (run: Run) => {
      if (run.ending || run.cancelled) return;
      run.ending = true;
      run.microphone?.stop();
      const last = run.framer?.flush();
      if (last) run.queue.push(last);
      if (run.ready) flush(run);
      dispatch({ type: 'stop' });
    },
    [flush],
  );

  /** Ends a run without waiting for the server (a new Start, leaving the page, a failure). */
  const abandon = useCallback((run: Run) => {
    run.cancelled = true;
    run.microphone?.stop();
    const socket = run.socket;
    if (!socket) return;
    socket.onmessage = null;
    socket.onclose = null;
    // A streaming socket is asked to finish, so the server saves what it has; else it is closed.
    if (run.ready && socket.readyState === WebSocket.OPEN) {
      if (!run.ending) socket.send(JSON.stringify({ type: 'end' }));
    } else if (socket.readyState === WebSocket.CONNECTING || socket.readyState === WebSocket.OPEN) {
      socket.close(1000);
    }
  }, []);

  const connect = useCallback(
    async (run: Run, options: LiveOptions) => {
      let microphone: Microphone;
      try {
        microphone = await openMicrophone({
          onSamples: (samples) => {
            if (run.cancelled || run.ending || !run.framer || !run.microphone) return;
            for (const frame of run.framer.push(samples))
              send(run, frame, run.microphone.sampleRate);
          },
          onEnded: () => finish(run),
        });
      } catch (error) {
        if (!run.cancelled)
          dispatch({ type: 'microphoneFailed', problem: microphoneProblem(error) });
        return;
      }
      if (run.cancelled) return microphone.stop();
      run.microphone = microphone;
      run.framer = new PcmFramer(microphone.sampleRate);
      dispatch({ type: 'microphoneOpened' });

      const token = await createToken()
        .unwrap()
        .catch((error: unknown) => {
          if (run.cancelled) return null;
          microphone.stop();
          dispatch({
            type: 'startFailed',
            message: errorMessage(
              error as Parameters<typeof errorMessage>[0],
              'Could not start live transcription. Try again.',
            ),
          });
          return null;
        });
      if (!token || run.cancelled) return;

      const socket = new WebSocket(
        realtimeUrl({
          origin: globalThis.location.origin,
          token: token.token,
          sampleRate: microphone.sampleRate,
          model: options.model,
          language: options.language,
          redactPii: options.redactPii,
        }),
      );
      socket.binaryType = 'arraybuffer';
      run.socket = socket;
      socket.onmessage = (event: MessageEvent) => {
        if (typeof event.data !== 'string') return;
        const message = parseServerMessage(event.data);
        if (!message) return;
        dispatch({ type: 'message', message });
        if (message.type === 'ready') {
          run.ready = true;
          flush(run);
          // The device ended before the stream was ready: `end` went out with the queue.
          if (run.ending) dispatch({ type: 'stop' });
        } else if (message.type === 'error') {
          microphone.stop();
        } else if (message.type === 'done') {
          // A new transcript, a charge and a lower balance: the pages that show them refresh.
          appDispatch(
            transcriptsApi.util.invalidateTags([
              { type: 'Transcription', id: 'LIST' },
              'Stats',
              'Chart',
              'Spending',
              'Billing',
            ]),
          );
        }
      };
      socket.onclose = (event: CloseEvent) => {
        microphone.stop();
        if (current.current === run) current.current = null;
        dispatch({ type: 'closed', code: event.code, reason: event.reason });
      };
    },
    [appDispatch, createToken, finish, flush, openMicrophone, send],
  );

  const start = useCallback(
    (options: LiveOptions) => {
      if (current.current) abandon(current.current);
      const run: Run = {
        cancelled: false,
        microphone: null,
        framer: null,
        socket: null,
        ready: false,
        ending: false,
        queue: [],
      };
      current.current = run;
      dispatch({ type: 'start' });
      void connect(run, options);
    },
    [abandon, connect],
  );

  const stop = useCallback(() => {
    const run = current.current;
    if (!run) return;
    if (run.ready) return finish(run);
    // Not streaming yet: nothing to save, so the attempt is dropped.
    abandon(run);
    current.current = null;
    dispatch({ type: 'cancel' });
  }, [abandon, finish]);

  useEffect(
    () => () => {
      if (current.current) abandon(current.current);
      current.current = null;
    },
    [abandon],
  );

  return { state, start, stop };
}
