import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { createLedger, InsufficientCredit } from '../../billing/ledger.js';
import { formatUsd } from '../../billing/money.js';
import { isModelName, priceForSeconds, secondsAffordable } from '../../contract/money.js';
import {
  REALTIME_CLOSE,
  RealtimeClientMessage,
  type RealtimeServerMessage,
} from '../../contract/realtime.js';
import type { Database } from '../../db/index.js';
import type { TranscriptResult } from '../../db/schema/transcription.js';
import { DomainError } from '../../domainErrors.js';
import type { TranscriptionConfig } from '../config.js';
import { heldCredit } from '../credit.js';
import type { FinalEvent, StreamEvent } from '../engine/protocol.js';
import type { LiveEngine, LiveStream, LiveStreamOptions } from '../engine/types.js';
import { formatDuration } from '../formats.js';
import { completeTranscription, heartbeat, insertTranscription } from '../jobs/repository.js';
import { PcmResampler } from './resample.js';

export type CloseCode = (typeof REALTIME_CLOSE)[keyof typeof REALTIME_CLOSE];

/** Why a stream ends early: sent as an `error` message, then as the close code. */
export class StreamRefusal extends Error {
  constructor(
    readonly close: CloseCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StreamRefusal';
  }
}

/** Audio waiting in the engine beyond this means the client sends faster than it is heard. */
export const MAX_BACKLOG_SECONDS = 30;
/** How often a stream renews its row's lease, records its progress and checks the balance. */
export const CHECK_EVERY_MS = 5_000;
/** Frames that may arrive while the stream is being set up (authentication, credit, the row). */
const MAX_EARLY_BYTES = 4 * 1024 * 1024;
/** A close reason is at most 123 bytes. */
const reasonOf = (message: string) => Buffer.from(message).subarray(0, 120).toString();

/** What opening a stream settled: whose it is and how it is heard. */
export interface Opening {
  userId: string;
  settings: LiveStreamOptions;
  sampleRate: number;
}

/** Live streams of this process: capacity, per account and in all, and shutting them down. */
export class LiveStreams {
  private readonly open = new Set<LiveSession>();
  private readonly perUser = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly maxPerUser: number,
  ) {}

  /** Counts a stream in, or refuses it (4429); the answer gives the place back. */
  take(userId: string): () => void {
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.maxPerUser) {
      throw new StreamRefusal(
        REALTIME_CLOSE.tooManyStreams,
        'too_many_streams',
        `This account already has ${mine} live streams open, the most it may (LIVE_MAX_STREAMS_PER_ACCOUNT); end one first`,
      );
    }
    const total = [...this.perUser.values()].reduce((sum, n) => sum + n, 0);
    if (total >= this.max) {
      throw new StreamRefusal(
        REALTIME_CLOSE.tooManyStreams,
        'server_busy',
        'The server is serving as many live streams as it can; try again shortly',
      );
    }
    this.perUser.set(userId, mine + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    };
  }

  add(session: LiveSession): void {
    this.open.add(session);
  }

  remove(session: LiveSession): void {
    this.open.delete(session);
  }

  /** Ends every stream (server shutdown): each is transcribed to its end, saved and billed. */
  async closeAll(): Promise<void> {
    const refusal = new StreamRefusal(
      REALTIME_CLOSE.shuttingDown,
      'server_shutdown',
      'The server is restarting: the stream ends here, saved and billed; open a new one',
    );
    await Promise.all([...this.open].map((session) => session.finish(refusal)));
  }
}

export interface LiveDeps {
  db: Database;
  engine: LiveEngine;
  config: TranscriptionConfig;
  streams: LiveStreams;
  log: FastifyBaseLogger;
  /** The model and language a stream may use (the model catalog); throws a DomainError if not. */
  resolve(
    model: string,
    language: string | null,
  ): Promise<{ model: string; language: string | null }>;
}

const send = (socket: WebSocket, message: RealtimeServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/** Sends the refusal as an `error` message and closes with its code. */
export function refuse(socket: WebSocket, refusal: StreamRefusal): void {
  send(socket, { type: 'error', code: refusal.code, message: refusal.message });
  if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
    socket.close(refusal.close, reasonOf(refusal.message));
}

/** A client's mistake (a bad model, language or message) as a 4400 refusal. */
function asRefusal(err: unknown): StreamRefusal {
  if (err instanceof StreamRefusal) return err;
  if (err instanceof DomainError && (err.kind === 'invalid' || err.kind === 'unavailable'))
    return new StreamRefusal(
      err.kind === 'invalid' ? REALTIME_CLOSE.badRequest : REALTIME_CLOSE.serverError,
      err.code,
      err.message,
    );
  throw err;
}

const sizeOf = (data: RawData) =>
  Array.isArray(data)
    ? data.reduce((sum, part) => sum + part.length, 0)
    : data instanceof ArrayBuffer
      ? data.byteLength
      : data.length;

const toBuffer = (data: RawData): Buffer =>
  Array.isArray(data)
    ? Buffer.concat(data)
    : data instanceof ArrayBuffer
      ? Buffer.from(data)
      : data;

/**
 * Serves one WebSocket: listens at once (frames sent while `opening` settles are kept, up to
 * 4 MiB), then runs the stream, or refuses it with the error `opening` rejected with.
 */
export function serveLiveStream(
  socket: WebSocket,
  deps: LiveDeps,
  opening: () => Promise<Opening>,
): void {
  const early: [RawData, boolean][] = [];
  let earlyBytes = 0;
  let session: LiveSession | undefined;
  let gone = false;
  socket.on('message', (data, isBinary) => {
    if (session) return session.receive(data, isBinary);
    earlyBytes += sizeOf(data);
    if (earlyBytes <= MAX_EARLY_BYTES) early.push([data, isBinary]);
  });
  socket.on('close', () => {
    gone = true;
    void session?.finish();
  });
  socket.on('error', (err) => deps.log.warn({ err }, 'live stream socket error'));

  void (async () => {
    let release: (() => void) | undefined;
    try {
      const opened = await opening();
      if (gone) return;
      release = deps.streams.take(opened.userId);
      const started = new LiveSession(socket, deps, opened, release);
      await started.start();
      session = started;
      for (const [data, isBinary] of early.splice(0)) started.receive(data, isBinary);
      if (gone) void started.finish();
    } catch (err) {
      release?.();
      try {
        refuse(socket, asRefusal(err));
      } catch (unexpected) {
        deps.log.error({ err: unexpected }, 'live stream failed to start');
        refuse(
          socket,
          new StreamRefusal(REALTIME_CLOSE.serverError, 'internal', 'The stream could not start'),
        );
      }
    }
  })();
}

/** One live stream: its row, its engine stream, its audio, its bill. */
export class LiveSession {
  readonly id = randomUUID();
  private readonly lease = randomUUID();
  private readonly resampler: PcmResampler;
  private settings: LiveStreamOptions;
  private stream: LiveStream | undefined;
  private generation = 0;
  private readonly finals: FinalEvent[] = [];
  private audioStarted = false;
  /** The most audio (seconds) this stream may send: the audio limit, or what the balance covers. */
  private allowed = 0;
  private allowedBy: 'limit' | 'credit' = 'limit';
  private forwarding: Promise<void> = Promise.resolve();
  private finishing: Promise<void> | undefined;
  private engineFailure: Error | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: LiveDeps,
    private readonly opening: Opening,
    private readonly release: () => void,
  ) {
    this.resampler = new PcmResampler(opening.sampleRate);
    this.settings = opening.settings;
  }

  private get model(): string {
    return this.settings.model;
  }

  /** Checks the balance, saves the row, opens the engine stream and says `ready`. */
  async start(): Promise<void> {
    const { db, config } = this.deps;
    const { balance, reserved, owed } = await heldCredit(db, this.opening.userId);
    if (owed > 0) {
      throw new StreamRefusal(
        REALTIME_CLOSE.insufficientCredits,
        'account_on_hold',
        `Your account is on hold: a payment was refunded or disputed after its credit was spent, and ${formatUsd(owed)} is owed. Add credit to settle it and transcribe again.`,
      );
    }
    this.setAllowed(balance - reserved);
    if (this.allowed < 1) {
      const held = reserved > 0 ? `, ${formatUsd(reserved)} of it held for jobs in progress` : '';
      throw new StreamRefusal(
        REALTIME_CLOSE.insufficientCredits,
        'insufficient_credits',
        `Insufficient credits: your balance is ${formatUsd(balance)}${held}, less than a second of live audio on ${this.model} costs.`,
      );
    }
    await insertTranscription(db, {
      id: this.id,
      userId: this.opening.userId,
      status: 'processing',
      model: this.model,
      language: this.settings.language,
      keyterms: this.settings.keyterms,
      timestampStyle: 'word',
      source: 'live',
      fileName: 'Live stream',
      audioDurationSeconds: 0,
      progressStage: 'live',
      leaseToken: this.lease,
      leaseExpiresAt: new Date(Date.now() + config.leaseSeconds * 1000),
      attempts: 1,
      startedAt: new Date(),
    });
    this.deps.streams.add(this);
    this.openEngineStream();
    this.sendReady();
    this.touch();
    this.checkTimer = setInterval(() => void this.check(), CHECK_EVERY_MS);
  }

  private setAllowed(spendable: number): void {
    const affordable = isModelName(this.model)
      ? secondsAffordable(this.model, Math.max(0, spendable))
      : Infinity;
    const limit = this.deps.config.maxAudioSeconds;
    this.allowed = Math.min(affordable, limit);
    this.allowedBy = affordable < limit ? 'credit' : 'limit';
  }

  private sendReady(): void {
    send(this.socket, {
      type: 'ready',
      id: this.id,
      model: this.model,
      language: this.settings.language,
      sample_rate: this.opening.sampleRate,
      encoding: 'pcm_s16le',
    });
  }

  private openEngineStream(): void {
    const generation = ++this.generation;
    const previous = this.stream;
    if (previous) void previous.end().catch(() => undefined);
    const stream = this.deps.engine.openStream(this.settings, (event) => {
      if (generation === this.generation) this.heard(event);
    });
    stream.result.catch((err: Error) => {
      if (generation !== this.generation || this.finishing) return;
      this.failEngine(err);
    });
    this.stream = stream;
  }

  private heard(event: StreamEvent): void {
    if (event.type === 'partial') {
      send(this.socket, { type: 'partial', text: event.text, start: event.start });
      return;
    }
    if (event.text) this.finals.push(event);
    send(this.socket, {
      type: 'final',
      text: event.text,
      start: event.start,
      end: event.end,
      language: event.language,
      words: event.words,
    });
  }

  private failEngine(err: Error): void {
    this.engineFailure = err;
    this.deps.log.error({ err, stream: this.id }, 'live stream engine failure');
    void this.finish(
      new StreamRefusal(
        REALTIME_CLOSE.serverError,
        'engine_unavailable',
        'The speech engine stopped; what it transcribed is saved',
      ),
    );
  }

  private touch(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(
      () =>
        void this.finish(
          new StreamRefusal(
            REALTIME_CLOSE.idleTimeout,
            'idle_timeout',
            `Nothing was received for ${this.deps.config.liveIdleTimeoutSeconds} s`,
          ),
        ),
      this.deps.config.liveIdleTimeoutSeconds * 1000,
    );
  }

  /** A frame from the client: audio (binary) or a message (text). */
  receive(data: RawData, isBinary: boolean): void {
    if (this.finishing) return;
    this.touch();
    if (isBinary) {
      this.audioStarted = true;
      const chunk = toBuffer(data);
      this.forwarding = this.forwarding.then(() => this.forward(chunk));
      return;
    }
    let message: RealtimeClientMessage;
    try {
      const parsed = RealtimeClientMessage.safeParse(JSON.parse(toBuffer(data).toString('utf8')));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new Error(`${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'is invalid'}`);
      }
      message = parsed.data;
    } catch (err) {
      void this.finish(
        new StreamRefusal(
          REALTIME_CLOSE.badRequest,
          'invalid_message',
          `Text frames must be JSON messages {"type":"config",…} or {"type":"end"}: ${(err as Error).message}`,
        ),
      );
      return;
    }
    if (message.type === 'end') {
      void this.finish();
      return;
    }
    if (this.audioStarted) {
      void this.finish(
        new StreamRefusal(
          REALTIME_CLOSE.badRequest,
          'config_after_audio',
          'Send config before the first audio frame',
        ),
      );
      return;
    }
    this.forwarding = this.forwarding.then(() => this.configure(message));
  }

  private async configure(message: Extract<RealtimeClientMessage, { type: 'config' }>) {
    try {
      const resolved = await this.deps.resolve(
        message.model ?? this.model,
        message.language === undefined ? this.settings.language : message.language,
      );
      this.settings = { ...resolved, keyterms: message.keyterms ?? this.settings.keyterms };
      this.openEngineStream();
      this.sendReady();
    } catch (err) {
      void this.finish(asRefusal(err));
    }
  }

  /** Resamples a frame and hands it to the engine, within what the stream may send. */
  private async forward(chunk: Buffer): Promise<void> {
    if (this.finishing || !this.stream) return;
    const left = this.allowed - this.resampler.receivedSeconds;
    const leftBytes = Math.max(0, Math.floor(left * this.opening.sampleRate)) * 2;
    const cut = chunk.length > leftBytes;
    const pcm = this.resampler.push(cut ? chunk.subarray(0, leftBytes) : chunk);
    try {
      if (pcm.length > 0) {
        const { queued_seconds } = await this.stream.audio(pcm);
        if (queued_seconds > MAX_BACKLOG_SECONDS) {
          void this.finish(
            new StreamRefusal(
              REALTIME_CLOSE.badAudio,
              'audio_too_fast',
              `Audio came much faster than real time: ${Math.round(queued_seconds)} s wait to be transcribed. Send it at about the speed it plays.`,
            ),
          );
          return;
        }
      }
    } catch (err) {
      if (!this.finishing) this.failEngine(err as Error);
      return;
    }
    if (cut) void this.finish(this.overLimit());
  }

  private overLimit(): StreamRefusal {
    const heard = formatDuration(this.allowed);
    return this.allowedBy === 'credit'
      ? new StreamRefusal(
          REALTIME_CLOSE.insufficientCredits,
          'insufficient_credits',
          `Insufficient credits: your balance covers no more live audio; the first ${heard} were transcribed and charged.`,
        )
      : new StreamRefusal(
          REALTIME_CLOSE.badAudio,
          'audio_too_long',
          `The stream reached the audio limit of ${heard}; that much was transcribed and charged.`,
        );
  }

  /** Renews the lease, records progress and seconds so far, and checks the balance still covers them. */
  private async check(): Promise<void> {
    const { db, config } = this.deps;
    try {
      const held = await heartbeat(db, this.id, this.lease, config.leaseSeconds, {
        percent: 0,
        stage: 'live',
        partialText: this.text(),
        audioDurationSeconds: this.resampler.receivedSeconds,
      });
      if (!held) {
        void this.finish(
          new StreamRefusal(
            REALTIME_CLOSE.cancelled,
            'cancelled',
            "The stream's transcript was deleted; nothing is saved or billed",
          ),
        );
        return;
      }
      const { balance, reserved } = await heldCredit(db, this.opening.userId, this.id);
      this.setAllowed(balance - reserved);
      if (this.resampler.receivedSeconds >= this.allowed) void this.finish(this.overLimit());
    } catch (err) {
      // A database hiccup is not a reason to cut a stream: the next check tries again.
      this.deps.log.warn({ err, stream: this.id }, 'live stream check failed');
    }
  }

  private text(): string {
    return this.finals.map((f) => f.text).join(' ');
  }

  /**
   * Ends the stream once: says why (if `refusal`), lets the engine transcribe what it holds
   * (its finals still reach the client), saves the transcript and books its cost, says `done`,
   * and closes with 1000 or the refusal's code.
   */
  finish(refusal?: StreamRefusal): Promise<void> {
    this.finishing ??= this.end(refusal).finally(() => {
      this.deps.streams.remove(this);
      this.release();
    });
    return this.finishing;
  }

  private async end(refusal: StreamRefusal | undefined): Promise<void> {
    clearTimeout(this.idleTimer);
    clearInterval(this.checkTimer);
    if (refusal) send(this.socket, { type: 'error', code: refusal.code, message: refusal.message });
    await this.forwarding;
    const stream = this.stream;
    if (stream && !this.engineFailure) {
      try {
        const rest = this.resampler.flush();
        if (rest.length > 0) await stream.audio(rest);
        await stream.end();
        await stream.result;
      } catch (err) {
        this.engineFailure = err as Error;
        this.deps.log.error({ err, stream: this.id }, 'live stream engine failure at the end');
      }
    }
    let saved: { seconds: number; costMicros: number } | undefined;
    try {
      saved = await this.save();
    } catch (err) {
      this.deps.log.error({ err, stream: this.id }, 'live stream could not be saved');
    }
    if (saved && refusal?.close !== REALTIME_CLOSE.cancelled) {
      send(this.socket, {
        type: 'done',
        id: this.id,
        billed_seconds: saved.seconds,
        cost_micros: saved.costMicros,
      });
    }
    const close = refusal?.close ?? REALTIME_CLOSE.done;
    if (this.socket.readyState === this.socket.OPEN)
      this.socket.close(close, reasonOf(refusal?.code ?? 'done'));
  }

  /**
   * Completes the row and books its cost in one transaction, while the row is still this
   * stream's (a deleted transcript is neither saved nor billed). Billed: the seconds received,
   * or, if the engine failed, those up to its last final. If the balance was spent elsewhere
   * meanwhile, the seconds it still covers.
   */
  private async save(): Promise<{ seconds: number; costMicros: number } | undefined> {
    const received = this.resampler.receivedSeconds;
    const lastFinal = this.finals.at(-1)?.end ?? 0;
    let seconds = this.engineFailure ? Math.min(received, lastFinal) : received;
    let notice = this.engineFailure
      ? `The speech engine stopped after ${formatDuration(seconds)} of the ${formatDuration(received)} received; only that much was transcribed and charged.`
      : null;
    for (;;) {
      const costMicros = isModelName(this.model) ? priceForSeconds(this.model, seconds) : 0;
      try {
        const done = await this.deps.db.transaction(async (tx) => {
          const row = await completeTranscription(tx, this.id, this.lease, {
            result: this.result(notice),
            audioDurationSeconds: seconds,
            costMicros,
          });
          if (!row || costMicros === 0) return row;
          await createLedger(tx).debit({
            userId: this.opening.userId,
            amountMicros: costMicros,
            reference: this.id,
            description: `Live transcription (${Math.ceil(seconds)} s, ${this.model})`,
            audioSeconds: seconds,
            model: this.model,
          });
          return row;
        });
        return done ? { seconds, costMicros } : undefined;
      } catch (err) {
        if (!(err instanceof InsufficientCredit) || !isModelName(this.model)) throw err;
        const covered = secondsAffordable(this.model, err.balanceMicros);
        if (covered >= seconds) throw err;
        notice = `The balance was spent elsewhere during the stream: ${formatDuration(covered)} of the ${formatDuration(received)} received were charged.`;
        seconds = covered;
      }
    }
  }

  private result(notice: string | null): TranscriptResult {
    const counts = new Map<string, number>();
    for (const f of this.finals) counts.set(f.language, (counts.get(f.language) ?? 0) + 1);
    const [language, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [
      this.settings.language ?? 'en',
      0,
    ];
    return {
      text: this.text(),
      language,
      languageProbability: this.finals.length > 0 ? count / this.finals.length : 1,
      segments: this.finals.map(({ start, end, text }) => ({ start, end, text })),
      words: this.finals.flatMap((f) => f.words),
      notice,
    };
  }
}
