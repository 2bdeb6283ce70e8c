/**
 * Generated from packages/engine/protocol.schema.json by packages/server/scripts/engine-protocol.ts:
 * change the schema, then run `npm run engine-protocol -w @parlance/server`.
 */

/**
 * One line of the engine protocol: newline-delimited JSON between the TypeScript supervisor (packages/server/src/transcription/engine) and the Python engine (packages/engine). A request goes in; progress notifications (a transcription's) or stream events (a live stream's) and then one response come out, carrying the request's id. Objects may carry members not listed here, which receivers ignore. (tsType is json-schema-to-typescript's: the TypeScript type where JSON Schema has no exact one.) parlance_engine/protocol.py parses requests into dataclasses that tests/test_schema.py holds to this file; packages/server/src/transcription/engine/protocol.ts is generated from it.
 */
export type EngineMessage = Request | Response;
export type Request =
  | PingRequest
  | ModelsRequest
  | InfoRequest
  | ProbeRequest
  | BleepRequest
  | TranscribeRequest
  | CancelRequest
  | StreamOpenRequest
  | StreamAudioRequest
  | StreamEndRequest
  | StreamCancelRequest
  | StreamConfigRequest;
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
/**
 * An installed model's name (no paths: no '/' and no '..'); null for the default. The pattern's (?!\n) keeps Python's $ from matching before a final newline.
 */
export type ModelName = string | null;
/**
 * ISO 639-1 code (any case), or null to detect.
 */
export type LanguageCode = string | null;
/**
 * With language null: detection chooses only among these ISO 639-1 codes (any case); null: among all the model knows.
 *
 * @minItems 1
 * @maxItems 10
 */
export type ExpectedLanguages = string[] | null;
/**
 * With language null: speech whose detected language Whisper gives a lower probability than this is transcribed in fallback_language; null: never.
 */
export type LanguageConfidenceThreshold = number | null;
/**
 * ISO 639-1 code (any case): the language of speech detected under language_confidence_threshold.
 */
export type FallbackLanguage = string;
/**
 * Names and jargon to prefer when they are heard (faster-whisper's hotwords), given to every window (every decode, for a stream).
 *
 * @maxItems 100
 */
export type Keyterms = string[] | null;
/**
 * Who spoke (with speaker_labels): "A", "B", … in order of first speech; a segment has the speaker of most of its words.
 */
export type SpeakerLabel = string;
export type StreamOpenParams = {
  model?: ModelName;
  language?: LanguageCode;
  expected_languages?: ExpectedLanguages;
  language_confidence_threshold?: LanguageConfidenceThreshold;
  fallback_language?: FallbackLanguage;
  keyterms?: Keyterms;
  end_of_turn_silence_ms?: EndOfTurnSilence;
  /**
   * The rate of the stream's samples, in hertz; other rates than 16 kHz are resampled in the engine (libswresample, on the stream's thread).
   */
  sample_rate?: number;
} | null;
/**
 * Silence after speech, in milliseconds, that ends a speaker's turn: the phrase in progress is finalised and an EndOfTurnEvent follows. null: no turns (in stream_config: unchanged).
 */
export type EndOfTurnSilence = number | null;
export type Response = ResultMessage | ProgressMessage | StreamEventMessage | ErrorMessage;
/**
 * What the request's method answers with.
 */
export type Result =
  | Pong
  | ModelsResult
  | InfoResult
  | ProbeResult
  | BleepResult
  | TranscribeResult
  | CancelResult
  | StreamResult
  | StreamAudioResult
  | StreamEndResult
  | StreamConfigResult;
export type Pong = 'pong';
/**
 * Where the engine runs its models: the CPU or a CUDA GPU (PARLANCE_DEVICE).
 */
export type Device = 'cpu' | 'cuda';
export type StreamEvent = PartialEvent | FinalEvent | EndOfTurnEvent;
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
  | 'internal_error'
  | 'too_many_streams'
  | 'stream_not_found';

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
 * Answered with BleepResult; bleeps run one at a time on their own thread.
 */
export interface BleepRequest {
  id?: Id;
  method: 'bleep';
  params: BleepParams;
}
/**
 * Write the audio of path to out (16 kHz FLAC, each channel kept up to 8, mixed to one past 8; not path itself) with a 1 kHz tone over each span, on every channel: a copy of a recording with words redacted.
 */
export interface BleepParams {
  path: AudioPath;
  out: AudioPath;
  /**
   * Seconds from the start; a span past the end is cut there.
   */
  spans: Span[];
}
/**
 * A stretch of the audio, in seconds.
 */
export interface Span {
  start: number;
  end: number;
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
  model?: ModelName;
  language?: LanguageCode;
  expected_languages?: ExpectedLanguages;
  language_confidence_threshold?: LanguageConfidenceThreshold;
  fallback_language?: FallbackLanguage;
  /**
   * translate: English text from speech in any language (a multilingual model only).
   */
  task?: 'transcribe' | 'translate';
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
  keyterms?: Keyterms;
  /**
   * Label who spoke when: words and segments get a speaker, the result its utterances.
   */
  speaker_labels?: boolean;
  /**
   * How many people speak, when known (with speaker_labels); null: estimated.
   */
  speakers_expected?: number | null;
  max_seconds?: MaxSeconds;
  /**
   * Transcribe this channel of the file alone (1: the first); null: all channels mixed to one. A channel the file does not have is unsupported_audio.
   */
  channel?: number | null;
  /**
   * Take up a run that stopped (its process killed): the checkpoints its progress told, in order. Transcription goes on from the last one's position, and the result is the whole file's.
   */
  resume?: Checkpoint[] | null;
}
/**
 * Segments that are final (Whisper has moved past the 30 s pass they came from) and the words in them, since the transcription's last checkpoint. Given back in order as transcribe's resume, they let another run go on from position.
 */
export interface Checkpoint {
  /**
   * The window of the stream (PARLANCE_WINDOW_SECONDS) being transcribed, counted from 0.
   */
  window: number;
  /**
   * Seconds into the stream transcribed up to: everything before is in this checkpoint or an earlier one.
   */
  position: number;
  segments: Segment[];
  words: CheckpointWord[];
  state?: WindowState;
}
export interface Segment {
  start: number;
  end: number;
  text: string;
  /**
   * The language the segment was heard in: found per stretch of speech when the request asked to detect it with a multilingual model.
   */
  language: string;
  speaker?: SpeakerLabel;
}
export interface CheckpointWord {
  start: number;
  end: number;
  text: string;
  confidence: number;
  /**
   * The word as Whisper wrote it: with its leading space, or none (Chinese, Japanese, Thai).
   */
  raw: string;
  /**
   * Its segment's index among the transcription's segments; -1: a segment without text.
   */
  segment: number;
}
/**
 * What a transcription knew at the start of a window: sent with the window's first checkpoint.
 */
export interface WindowState {
  language: string | null;
  language_probability: number | null;
  tentative_language: string | null;
  /**
   * Seconds, and probability times seconds, of speech per language.
   */
  spoken: {
    /**
     * @minItems 2
     * @maxItems 2
     */
    [k: string]: [number, number];
  };
  /**
   * Seconds of speech per language detected, before any fallback.
   */
  detected: {
    [k: string]: number;
  };
  language_fallback: boolean;
  untranscribed: Span[];
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
/**
 * Opens a live stream, answered with StreamEventMessages (partial and final phrases) as its audio is heard, then StreamResult once stream_end has been sent and all of its audio is transcribed. Refused at once with too_many_streams when the engine serves as many streams as it can (PARLANCE_MAX_STREAMS).
 */
export interface StreamOpenRequest {
  id?: Id;
  method: 'stream_open';
  params?: StreamOpenParams;
}
/**
 * Audio for an open stream, answered with StreamAudioResult at once.
 */
export interface StreamAudioRequest {
  id?: Id;
  method: 'stream_audio';
  params: StreamAudioParams;
}
export interface StreamAudioParams {
  /**
   * Echoed back in every message about the request: any JSON value (the supervisor sends strings), null when the request had none.
   */
  stream: unknown;
  /**
   * Base64 of mono signed 16-bit little-endian samples at the stream's sample_rate (an even number of bytes); checked when the audio is taken, not when the line is parsed.
   */
  pcm: string;
}
/**
 * No more audio for the stream: answered with StreamEndResult at once; the stream_open request then ends once what was sent is transcribed.
 */
export interface StreamEndRequest {
  id?: Id;
  method: 'stream_end';
  params: StreamEndParams;
}
export interface StreamEndParams {
  /**
   * Echoed back in every message about the request: any JSON value (the supervisor sends strings), null when the request had none.
   */
  stream: unknown;
}
/**
 * Stops a stream now, whatever audio it still holds: answered with CancelResult at once; the stream_open request then ends with the cancelled error (its events stop). Other streams and transcriptions are not touched.
 */
export interface StreamCancelRequest {
  id?: Id;
  method: 'stream_cancel';
  params: StreamEndParams;
}
/**
 * Changes an open stream's key terms or end-of-turn silence from its next decode on: answered with StreamConfigResult at once.
 */
export interface StreamConfigRequest {
  id?: Id;
  method: 'stream_config';
  params: StreamConfigParams;
}
export interface StreamConfigParams {
  /**
   * Echoed back in every message about the request: any JSON value (the supervisor sends strings), null when the request had none.
   */
  stream: unknown;
  keyterms?: Keyterms;
  end_of_turn_silence_ms?: EndOfTurnSilence;
}
export interface ResultMessage {
  id: Id;
  result: Result;
}
export interface ModelsResult {
  models: ModelInfo[];
  models_dir: string;
  device: Device;
  compute_type: string;
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
  device: Device;
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
   * Where the duration came from: the container's header, the packets' timestamps (a file that states none; demuxed, not decoded), or the decoded samples (exact, or packets without timestamps).
   */
  source: 'header' | 'packets' | 'decoded';
  /**
   * Counting stopped at max_seconds: the file is at least that long.
   */
  truncated: boolean;
  duration: number;
}
export interface BleepResult {
  /**
   * Seconds of audio written.
   */
  duration: number;
}
export interface TranscribeResult {
  text: string;
  /**
   * The language spoken longest (each segment says its own).
   */
  language: string;
  /**
   * Whisper's probability for the language detected (1 when it was given).
   */
  language_probability: number;
  /**
   * The language detected in most of the speech, before any fallback; null when the language was given or the model is English-only.
   */
  detected_language: string | null;
  /**
   * Some speech was detected under language_confidence_threshold and transcribed in fallback_language.
   */
  language_fallback: boolean;
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
  /**
   * Only with speaker_labels: who said what, turn by turn.
   */
  utterances?: Utterance[];
  /**
   * Speech (to the voice-activity detector) of at least 1.5 s that gave no word: noise taken for speech, or speech the model could not make out. Never dropped without saying so.
   */
  untranscribed: Span[];
}
export interface Word {
  start: number;
  end: number;
  text: string;
  confidence: number;
  speaker?: SpeakerLabel;
}
/**
 * Consecutive words of one speaker.
 */
export interface Utterance {
  speaker: SpeakerLabel;
  start: number;
  end: number;
  text: string;
  /**
   * The mean confidence of its words.
   */
  confidence: number;
}
export interface CancelResult {
  /**
   * The transcription or stream will end with the cancelled error (false: it is not running or queued, or not open).
   */
  cancelled: boolean;
}
export interface StreamResult {
  /**
   * Seconds of audio the stream received.
   */
  seconds: number;
  model: string;
}
export interface StreamAudioResult {
  /**
   * Audio received and not yet looked at: how far the engine is behind this stream.
   */
  queued_seconds: number;
}
export interface StreamEndResult {
  ended: true;
}
export interface StreamConfigResult {
  configured: true;
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
   * The text of the segment just decoded, when this notification reports one. Segments arrive in order; joined (with single spaces, which the server leaves out between Chinese or Japanese ones) they are the text so far (the result's text once all have arrived).
   */
  text?: string;
  checkpoint?: Checkpoint;
}
export interface StreamEventMessage {
  id: Id;
  event: StreamEvent;
}
/**
 * The phrase being spoken, so far; the next partial or final of the phrase replaces it.
 */
export interface PartialEvent {
  type: 'partial';
  text: string;
  /**
   * Its committed prefix: every later partial of the phrase starts with it.
   */
  stable: string;
  /**
   * Stream time (seconds) where the phrase starts.
   */
  start: number;
  /**
   * Stream time up to which the partial has heard the audio.
   */
  end: number;
}
/**
 * A phrase, never changed once sent; it replaces the phrase's partial (decoded again, with beam search, its words may differ). Its text is empty, with no words, when a phrase shown in partials held no speech after all.
 */
export interface FinalEvent {
  type: 'final';
  text: string;
  start: number;
  end: number;
  words: Word[];
  language: string;
  /**
   * The language detected in the phrase, before any fallback; null when the language was given or the model is English-only.
   */
  detected_language: string | null;
  /**
   * The phrase's language was detected under language_confidence_threshold: it is heard in fallback_language.
   */
  language_fallback: boolean;
}
/**
 * The speaker stopped: end_of_turn_silence_ms of silence followed their last speech (or the stream ended). Sent after the finals of the turn.
 */
export interface EndOfTurnEvent {
  type: 'end_of_turn';
  /**
   * Stream time (seconds) where the turn's speech began.
   */
  start: number;
  /**
   * Stream time where its speech ended.
   */
  end: number;
  /**
   * The turn's finals, joined.
   */
  text: string;
}
export interface ErrorMessage {
  id: Id;
  error: {
    code: ErrorCode;
    message: string;
  };
}
