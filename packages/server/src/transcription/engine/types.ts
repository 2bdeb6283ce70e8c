/** What a speech engine does for Parlance: audio file in; text, segments, words, language out. */

export interface EngineSegment {
  start: number;
  end: number;
  text: string;
}

export interface EngineWord extends EngineSegment {
  confidence: number;
}

export interface EngineResult {
  text: string;
  language: string;
  language_probability: number;
  duration: number;
  segments: EngineSegment[];
  words: EngineWord[];
}

export interface TranscribeOptions {
  model: string;
  /** ISO 639-1 code, or null to detect. */
  language: string | null;
  /** Vocabulary or style hint (Whisper's initial prompt), or null. */
  prompt: string | null;
  wordTimestamps: boolean;
}

export interface EngineProgress {
  percent: number;
  stage: string;
}

export interface EngineModel {
  name: string;
  /** 'en' for English-only models, 'multilingual' otherwise. */
  languages: string;
  multilingual: boolean;
}

export interface SpeechEngine {
  transcribe(
    path: string,
    opts: TranscribeOptions,
    onProgress: (p: EngineProgress) => void,
  ): Promise<EngineResult>;
  probe(path: string): Promise<{ duration: number }>;
  models(): Promise<EngineModel[]>;
  close(): Promise<void>;
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

/** The engine process died or stopped answering while a request was in flight. */
export class EngineUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineUnavailableError';
  }
}
