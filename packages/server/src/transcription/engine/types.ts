/** What a speech engine does for Parlance: audio file in; text, segments, words, language out. */
import type {
  Checkpoint,
  ModelInfo,
  ProbeResult,
  Progress,
  StreamAudioResult,
  StreamEvent,
  StreamResult,
  TranscribeResult,
  Word,
} from './protocol.js';

/** The engine's transcribe result, with `words` always there (empty unless asked for). */
export type EngineResult = Omit<TranscribeResult, 'model' | 'words'> & { words: Word[] };

/** How detection chooses the language, when none is given (`expected_languages` and the rest). */
export interface LanguageDetection {
  /** Detection chooses only among these; null: among all the model knows. */
  expectedLanguages: string[] | null;
  /** Speech detected with a lower probability is heard in `fallbackLanguage`; null: never. */
  confidenceThreshold: number | null;
  fallbackLanguage: string;
}

export interface TranscribeOptions {
  model: string;
  /** ISO 639-1 code, or null to detect. */
  language: string | null;
  /** With language null: how the detected one is chosen; null: as Whisper chooses it. */
  detection: LanguageDetection | null;
  /** Vocabulary or style hint (Whisper's initial prompt), or null. */
  prompt: string | null;
  /** Names and jargon to prefer when heard, or null. */
  keyterms: string[] | null;
  /** `translate`: English text whatever the language spoken (a multilingual model). */
  task: 'transcribe' | 'translate';
  wordTimestamps: boolean;
  /** Hypotheses kept while decoding: 1 is greedy (the `fast` preset), 5 Whisper's default. */
  beamSize: number;
  /** Label who spoke when (words, segments, utterances). */
  speakerLabels: boolean;
  /** How many people speak, when the caller knows; null: estimated. */
  speakersExpected: number | null;
  /** Decode and transcribe at most this many seconds, or null for all of it. */
  maxSeconds: number | null;
  /** Transcribe this channel of the file alone (1: the first); absent: all channels mixed. */
  channel?: number;
  /** The checkpoints an earlier run of this job told (its progress), to go on after; none: afresh. */
  resume?: Checkpoint[];
}

export interface LiveStreamOptions {
  model: string;
  /** ISO 639-1 code, or null to detect. */
  language: string | null;
  /** With language null: how each phrase's language is chosen; null: as Whisper chooses it. */
  detection: LanguageDetection | null;
  keyterms: string[] | null;
}

/** How a live stream's audio comes and is heard beyond its model: its rate, and its turns. */
export interface LiveHearing {
  /** The rate of the samples `audio` takes; the engine resamples them to its own. */
  sampleRate: number;
  /** Silence after speech that ends a turn (`end_of_turn` events); null: no turns. */
  endOfTurnSilenceMs: number | null;
}

/** What a live stream may change as it runs; undefined: unchanged. */
export interface LiveChange {
  keyterms?: string[];
  endOfTurnSilenceMs?: number;
}

/** A live stream open in the engine (see ProcessSpeechEngine.openStream). */
export interface LiveStream {
  /** Sends mono signed 16-bit little-endian samples at the stream's rate; answers how much audio waits. */
  audio(pcm: Buffer): Promise<StreamAudioResult>;
  /** No more audio: `result` settles once what was sent is transcribed. */
  end(): Promise<void>;
  /** Stops the stream now, whatever it still holds: `result` rejects (cancelled); no other stream is touched. */
  cancel(): Promise<void>;
  /** New key terms or end-of-turn silence (undefined: unchanged), from the next decode on. */
  configure(change: LiveChange): Promise<void>;
  result: Promise<StreamResult>;
}

/** Serves live streams (ProcessSpeechEngine does). */
export interface LiveEngine {
  openStream(
    opts: LiveStreamOptions,
    hearing: LiveHearing,
    onEvent: (e: StreamEvent) => void,
  ): LiveStream;
  /** Resolves if the engine answers at once (it is not stuck); rejects otherwise. */
  ping(): Promise<void>;
  /** Stops a stuck engine now: its streams fail, the next one starts it afresh. */
  kill(): Promise<void>;
}

export interface ProbeOptions {
  /**
   * When the container states no duration and the audio has to be decoded to count it, stop
   * there: the answer is then `maxSeconds`, meaning "at least this long".
   */
  maxSeconds?: number;
}

export type EngineProgress = Progress;

/** What a probe tells of a file: its length in seconds and its audio's channel count. */
export type ProbeFacts = Pick<ProbeResult, 'duration' | 'channels'>;

export type EngineModel = Pick<ModelInfo, 'name' | 'languages' | 'multilingual'>;

/** Reads durations and lists models; all that the API needs before a job is queued. */
export interface ProbeEngine {
  /** `owner`: whose file it is (an account), for sharing probes fairly between owners. */
  probe(path: string, options?: ProbeOptions, owner?: string): Promise<ProbeFacts>;
  models(): Promise<EngineModels>;
  close(): Promise<void>;
}

/** What an engine runs: its installed models, on which device and in what precision. */
export interface EngineModels {
  models: EngineModel[];
  device: 'cpu' | 'cuda';
  computeType: string;
}

export interface SpeechEngine extends ProbeEngine {
  /** Aborting `signal` cancels the transcription: it rejects with a cancelled EngineRequestError. */
  transcribe(
    path: string,
    opts: TranscribeOptions,
    onProgress: (p: EngineProgress) => void,
    signal?: AbortSignal,
  ): Promise<EngineResult>;
  /** Writes `path`'s audio to `out` (16 kHz FLAC, its channels kept) with a tone over each span: a redacted copy. */
  bleep(path: string, out: string, spans: readonly TimeSpan[]): Promise<{ duration: number }>;
  /** Stops a stuck engine now: its requests fail with EngineUnavailableError, the next starts it afresh. */
  kill(): Promise<void>;
  /** The CPU time its process has used so far (null: not known), which tells busy from stuck. */
  cpuSeconds(): Promise<number | null>;
}

/** A stretch of audio, in seconds. */
export interface TimeSpan {
  start: number;
  end: number;
}

/** An error the engine reported for one request (bad audio, unknown model, ...). */
export class EngineRequestError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'EngineRequestError';
  }
}

export const CANCELLED = 'cancelled';

/** True for the rejection of a transcription whose AbortSignal was aborted. */
export const isCancelled = (err: unknown): boolean =>
  err instanceof EngineRequestError && err.code === CANCELLED;

/** A probe overran its time limit; the process running it was killed. */
export class ProbeTimeoutError extends Error {
  constructor(readonly seconds: number) {
    super(`probe took longer than ${seconds} s`);
    this.name = 'ProbeTimeoutError';
  }
}

/** An owner's files overran the probe time limit too often lately: no more probes for now. */
export class ProbeLimitError extends Error {
  constructor(
    readonly timeouts: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`${timeouts} probes overran their time limit`);
    this.name = 'ProbeLimitError';
  }
}

/** The engine process died or stopped answering while a request was in flight. */
export class EngineUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineUnavailableError';
  }
}
