import type { Microphone, OpenMicrophone } from './microphone';

export interface SyntheticMicrophoneOptions {
  /** How the permission request is answered: granted, never (the prompt stays), denied, no device. */
  answer?: 'allow' | 'wait' | 'deny' | 'missing';
  sampleRate?: number;
  /** Seconds of signal produced once granted. */
  seconds?: number;
  /** Then: stay open and silent ('hold': the page stays streaming) or end as an unplugged device. */
  afterwards?: 'hold' | 'end';
  /** Peak of the sine, in [0, 1]. */
  amplitude?: number;
  /** Wall-clock milliseconds per 100 ms chunk: faster than real time, so stories settle soon. */
  intervalMs?: number;
}

/**
 * A microphone for stories and tests (a test browser cannot grant the real one): a 220 Hz sine,
 * produced in 100 ms chunks, for a fixed number of seconds, so what the page shows afterwards
 * (elapsed time, cost, level) is the same on every run.
 */
export function syntheticMicrophone({
  answer = 'allow',
  sampleRate = 16_000,
  seconds = 2.5,
  afterwards = 'hold',
  amplitude = 0.25,
  intervalMs = 20,
}: SyntheticMicrophoneOptions = {}): OpenMicrophone {
  return ({ onSamples, onEnded }) => {
    if (answer === 'wait') return new Promise<Microphone>(() => undefined);
    if (answer === 'deny')
      return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    if (answer === 'missing')
      return Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    const chunk = Math.round(sampleRate / 10);
    const chunks = Math.round((seconds * sampleRate) / chunk);
    let sent = 0;
    const timer = setInterval(() => {
      if (sent === chunks) {
        clearInterval(timer);
        if (afterwards === 'end') onEnded();
        return;
      }
      const samples = new Float32Array(chunk);
      for (let i = 0; i < chunk; i++)
        samples[i] = amplitude * Math.sin((2 * Math.PI * 220 * (sent * chunk + i)) / sampleRate);
      sent += 1;
      onSamples(samples);
    }, intervalMs);
    return Promise.resolve({ sampleRate, stop: () => clearInterval(timer) });
  };
}
