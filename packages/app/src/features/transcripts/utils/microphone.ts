import workletUrl from './pcmCaptureWorklet.ts?worker&url';

/** An open microphone: its samples go to the `onSamples` given to `OpenMicrophone`. */
export interface Microphone {
  /** Samples per second of what `onSamples` receives (the audio context's rate). */
  readonly sampleRate: number;
  /** Stops the capture and releases the device. Safe to call more than once. */
  stop(): void;
}

export interface MicrophoneListeners {
  /** Mono samples in [-1, 1], in order, in chunks of any length. */
  onSamples: (samples: Float32Array) => void;
  /** The device stopped by itself (unplugged, or access revoked). */
  onEnded: () => void;
}

/**
 * Asks for the microphone and starts capturing. Rejects as `getUserMedia` does (a DOMException
 * named NotAllowedError, NotFoundError, …): `microphoneProblem` says what it means for the user.
 */
export type OpenMicrophone = (listeners: MicrophoneListeners) => Promise<Microphone>;

/** Why the microphone could not be opened, as the page explains it. */
export type MicrophoneProblem = 'denied' | 'missing' | 'unsupported' | 'failed';

/** What a rejection of `OpenMicrophone` means. */
export function microphoneProblem(error: unknown): MicrophoneProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError')
    return 'denied';
  if (
    name === 'NotFoundError' ||
    name === 'OverconstrainedError' ||
    name === 'DevicesNotFoundError'
  )
    return 'missing';
  if (name === 'NotSupportedError') return 'unsupported';
  return 'failed';
}

const unsupported = () =>
  new DOMException('This browser cannot capture audio on this page', 'NotSupportedError');

/**
 * The browser's microphone: `getUserMedia` (mono, with the browser's echo cancellation and noise
 * suppression), an AudioContext at its default rate and an AudioWorklet that hands the samples
 * over. Needs a secure context (https or localhost), as both APIs do.
 */
export const openBrowserMicrophone: OpenMicrophone = async ({ onSamples, onEnded }) => {
  const devices = globalThis.navigator?.mediaDevices;
  if (!devices?.getUserMedia || typeof AudioContext === 'undefined') throw unsupported();
  const stream = await devices.getUserMedia({
    audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
  });
  const context = new AudioContext();
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => undefined);
  };
  try {
    if (!context.audioWorklet) throw unsupported();
    await context.audioWorklet.addModule(workletUrl);
    const source = context.createMediaStreamSource(stream);
    const capture = new AudioWorkletNode(context, 'pcm-capture', {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      channelCount: 1,
      channelCountMode: 'explicit',
    });
    capture.port.onmessage = (event: MessageEvent<Float32Array>) => {
      if (!stopped) onSamples(event.data);
    };
    source.connect(capture);
    for (const track of stream.getAudioTracks())
      track.addEventListener('ended', () => {
        if (stopped) return;
        stop();
        onEnded();
      });
    // A context made after an await may start suspended (autoplay policy).
    if (context.state === 'suspended') await context.resume();
  } catch (error) {
    stop();
    throw error;
  }
  return { sampleRate: context.sampleRate, stop };
};
