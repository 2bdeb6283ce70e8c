/**
 * Generated from packages/engine/protocol.schema.json by packages/server/scripts/engine-protocol.ts:
 * change the schema, then run `npm run engine-protocol -w @parlance/server`.
 */

/**
 * One line of the engine protocol: newline-delimited JSON between the TypeScript supervisor (packages/server/src/transcription/engine) and the Python engine (packages/engine). A request goes in; progress notifications and then one response come out, carrying the request's id. Objects may carry members not listed here, which receivers ignore. (tsType is json-schema-to-typescript's: the TypeScript type where JSON Schema has no exact one.) parlance_engine/protocol.py parses requests into dataclasses that tests/test_schema.py holds to this file; packages/server/src/transcription/engine/protocol.ts is generated from it.
 */
export type EngineMessage = Request | Response;
export type Request =
  PingRequest | ModelsRequest | InfoRequest | ProbeRequest | TranscribeRequest | CancelRequest;
/**
 * Echoed back in every message about the request: any JSON value (the supervisor sends strings), null when the request had none.
 */
export type Id = unknown;
/**
 * Methods without parameters accept an object (its members are ignored) or null.
 */
export type NoParams = Record<string, never> | null;
/**
 * Absolute path of an audio or video file on the engine's machine.
 */
export type AudioPath = string;
/**
 * Decode at most this many seconds of audio; null for all of it.
 */
export type MaxSeconds = number | null;
export type Response = ResultMessage | ProgressMessage | ErrorMessage;
/**
 * What the request's method answers with.
 */
export type Result =
  Pong | ModelsResult | InfoResult | ProbeResult | TranscribeResult | CancelResult;
export type Pong = 'pong';
export type Word = Segment & {
  confidence: number;
};
export type ErrorCode =
  | 'parse_error'
  | 'invalid_request'
  | 'method_not_found'
  | 'invalid_params'
  | 'file_not_found'
  | 'unsupported_audio'
  | 'decode_failed'
  | 'model_not_found'
  | 'model_load_failed'
  | 'unsupported_language'
  | 'cancelled'
  | 'internal_error';

/**
 * Answered with "pong" at once, even during a transcription: the supervisor's health check.
 */
export interface PingRequest {
  id?: Id;
  method: 'ping';
  params?: NoParams;
}
/**
 * Answered with ModelsResult at once.
 */
export interface ModelsRequest {
  id?: Id;
  method: 'models';
  params?: NoParams;
}
/**
 * Answered with InfoResult at once.
 */
export interface InfoRequest {
  id?: Id;
  method: 'info';
  params?: NoParams;
}
/**
 * Answered with ProbeResult; probes run one at a time on their own thread.
 */
export interface ProbeRequest {
  id?: Id;
  method: 'probe';
  params: ProbeParams;
}
export interface ProbeParams {
  path: AudioPath;
  /**
   * Count the decoded samples even when the container states a duration.
   */
  exact?: boolean;
  max_seconds?: MaxSeconds;
}
/**
 * Answered with progress notifications, then TranscribeResult; transcriptions run one at a time in arrival order.
 */
export interface TranscribeRequest {
  id?: Id;
  method: 'transcribe';
  params: TranscribeParams;
}
export interface TranscribeParams {
  path: AudioPath;
  /**
   * An installed model's name (no paths: no '/' and no '..'); null for the default. The pattern's (?!\n) keeps Python's $ from matching before a final newline.
   */
  model?: string | null;
  /**
   * ISO 639-1 code (any case), or null to detect.
   */
  language?: string | null;
  /**
   * Return words with their times and confidences.
   */
  word_timestamps?: boolean;
  /**
   * Skip silence with the Silero voice-activity detector.
   */
  vad?: boolean;
  beam_size?: number;
  /**
   * Vocabulary or style hint, given to every window as Whisper's initial prompt.
   */
  prompt?: string | null;
  /**
   * Names and jargon to prefer when they are heard (faster-whisper's hotwords), given to every window.
   *
   * @maxItems 100
   */
  keyterms?: string[] | null;
  max_seconds?: MaxSeconds;
}
/**
 * Answered with CancelResult at once; a cancelled transcription then ends with the cancelled error.
 */
export interface CancelRequest {
  id?: Id;
  method: 'cancel';
  params: CancelParams;
}
/**
 * request: the id of a transcribe request.
 */
export interface CancelParams {
  request: Id;
}
export interface ResultMessage {
  id: Id;
  result: Result;
}
export interface ModelsResult {
  models: ModelInfo[];
  models_dir: string;
}
export interface ModelInfo {
  name: string;
  path: string;
  source: 'models_dir' | 'package';
  /**
   * 'en' for English-only models, 'multilingual' otherwise.
   */
  languages: 'en' | 'multilingual';
  multilingual: boolean;
  size_bytes: number;
}
export interface InfoResult {
  version: string;
  cpu_threads: number;
  compute_type: string;
  loaded_models: string[];
}
export interface ProbeResult {
  format: string;
  codec: string;
  sample_rate: number;
  channels: number;
  has_video: boolean;
  /**
   * The duration was counted by decoding.
   */
  exact: boolean;
  /**
   * Counting stopped at max_seconds: the file is at least that long.
   */
  truncated: boolean;
  duration: number;
}
export interface TranscribeResult {
  text: string;
  language: string;
  language_probability: number;
  /**
   * Seconds of audio decoded and transcribed (the file's header may say otherwise).
   */
  duration: number;
  /**
   * The file held more than max_seconds of audio; only that much was transcribed.
   */
  truncated: boolean;
  model: string;
  segments: Segment[];
  /**
   * Only when word_timestamps was asked for.
   */
  words?: Word[];
}
export interface Segment {
  start: number;
  end: number;
  text: string;
}
export interface CancelResult {
  /**
   * The transcription will end with the cancelled error (false: it is not running or queued).
   */
  cancelled: boolean;
}
export interface ProgressMessage {
  id: Id;
  progress: Progress;
}
export interface Progress {
  percent: number;
  /**
   * "decoding", then "transcribing".
   */
  stage: string;
  /**
   * The text of the segment just decoded, when this notification reports one. Segments arrive in order; joined with single spaces they are the text so far (the result's text once all have arrived).
   */
  text?: string;
}
export interface ErrorMessage {
  id: Id;
  error: {
    code: ErrorCode;
    message: string;
  };
}
