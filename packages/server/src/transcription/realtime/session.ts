import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { createLedger, InsufficientCredit, SpendLimitExceeded } from '../../billing/ledger.js';
import { formatUsd } from '../../billing/money.js';
import { isModelName, priceForSeconds, secondsAffordable } from '@parlance/contract/money';
import {
  REALTIME_CLOSE,
  RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@parlance/contract';
import type { Database } from '../../db/index.js';
import type { TranscriptResult } from '../../db/schema/transcription.js';
import { DomainError } from '../../domainErrors.js';
import { API_ERRORS, joinedText } from '@parlance/contract/endpoints';
import type { TranscriptionConfig } from '../config.js';
import { languageDetection, narrowsDetection } from '../languageDetection.js';
import { heldCredit, spendRoom } from '../credit.js';
import type { SpendRoom } from '../../billing/monthlyLimits.js';
import type { FinalEvent, StreamEvent } from '../engine/protocol.js';
import type { LiveChange, LiveEngine, LiveStream, LiveStreamOptions } from '../engine/types.js';
import { formatClock, formatDuration } from '../formats.js';
import {
  completeTranscription,
  heartbeat,
  insertTranscription,
  lockAccountJobs,
  openLiveStreams,
  updateLiveStream,
} from '../jobs/repository.js';
import { validationMessage } from '../../validationMessage.js';
import { within } from '../../within.js';
import { accountOnHoldMessage, spendLimitMessage } from '../pricing.js';
import type { Metrics } from '../../system/metrics.js';
import { PcmSamples } from './samples.js';
import {
  redactPartial,
  redactTexts,
  redactTranscript,
  redactWords,
  tokensOf,
  type Redaction,
} from '../redaction.js';

export type CloseCode = (typeof REALTIME_CLOSE)[keyof typeof REALTIME_CLOSE];

/** Why a stream ends early: sent as an `error` message, then as the close code. */
export class StreamRefusal extends Error {
  constructor(
    readonly close: CloseCode,
    readonly code: string,
    message: string,
    /** When asking again may succeed (sent as `retry_after_seconds`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'StreamRefusal';
  }
}

/** Audio waiting in the engine beyond this means the client sends faster than it is heard. */
export const MAX_BACKLOG_SECONDS = 30;
/** Audio received and not yet handed to the engine beyond this ends the stream the same way. */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;
/**
 * Frames a client may send before its stream starts (while its key and balance are checked,
 * tens of milliseconds): more, or more bytes, and the stream is refused. Nothing is kept for a
 * stream that will not start.
 */
export const MAX_EARLY_FRAMES = 500;
export const MAX_EARLY_BYTES = 1024 * 1024;
/**
 * A socket this server has closed is cut this long after its close frame, whatever the client
 * does; up to CLOSE_GRACE_MAX_MS while what the server sent has not all left yet (a slow link).
 */
export const CLOSE_GRACE_MS = 2_000;
const CLOSE_GRACE_MAX_MS = 10_000;
/** Seconds of a stream's place not counted as unused: the round trips around `ready` and `end`. */
const UNUSED_GRACE_SECONDS = 2;
/** A stream this many seconds behind (received, not yet transcribed) is told so, about every LAG_EVERY_MS. */
const LAG_SECONDS = 2;
const LAG_EVERY_MS = 1_000;
/** Audio goes to the engine at most this many seconds of it a request, so no request is large. */
const STEP_SECONDS = 1;
/** How far ahead of the audio received a stream reserves credit (in its row, for everyone to see). */
export const RESERVE_AHEAD_SECONDS = 60;
/** How often, at most, a stream renews its row's lease and extends its reservation. */
const CHECK_EVERY_MS = 5_000;
/**
 * The engine answers each piece of audio at once (it queues it): one that does not is stuck, if
 * it does not answer a ping either.
 */
const AUDIO_ACK_DEADLINE_MS = 10_000;
const SAVE_ATTEMPTS = 3;
/** A close reason is at most 123 bytes. */
const reasonOf = (message: string) => Buffer.from(message).subarray(0, 120).toString();

/** A rejection for `within`: `what` took longer than `ms`. */
const tookLonger = (what: string, ms: number) => () =>
  new Error(`${what} took longer than ${ms} ms`);

const shuttingDown = () =>
  new StreamRefusal(
    REALTIME_CLOSE.shuttingDown,
    'server_shutdown',
    'The server is restarting: the stream ends here, saved and billed; open a new one',
  );

/** How many words of its earlier finals a redacting stream reads each final with. */
const CONTEXT_TOKENS = 30;

/** What opening a stream settled: whose it is and how it is heard. */
export interface Opening {
  userId: string;
  /** The API key the stream was opened with, or that asked for its token (its monthly limit applies); null from the app. */
  apiKeyId: string | null;
  settings: LiveStreamOptions;
  /** Personal data to remove from its finals and partials; null: none. */
  redaction: Redaction | null;
  sampleRate: number;
  /** Silence after speech that ends a turn (`end_of_turn`), in ms. */
  endOfTurnSilenceMs: number;
  /** The client named the model; otherwise it is the default for the language, and follows it. */
  modelNamed: boolean;
  /** The account's fallback language (Settings), for a config message that narrows detection. */
  accountFallbackLanguage: string | null;
  /**
   * The models the stream may be served with, most accurate first: the one in `settings` alone,
   * or (`model=auto`) every installed model for its language, the first that fits in taken.
   */
  models: string[];
}

/** A stream's place on this process: its share of the capacity (by model), given back once. */
export class Place {
  private given = false;
  constructor(
    readonly userId: string,
    readonly model: string,
    readonly cost: number,
    private readonly giveBack: (place: Place) => void,
  ) {}

  release(): void {
    if (this.given) return;
    this.given = true;
    this.giveBack(this);
  }
}

/** When a refused stream is told to try again: streams end all the time. */
const BUSY_RETRY_SECONDS = 10;
/** How long an account refused for capacity counts as waiting for a place, unless it tries again. */
const WAITING_MS = 3 * BUSY_RETRY_SECONDS * 1000;

const HOUR_MS = 3600_000;

/**
 * The live streams of this process: its capacity, the time each account held streams open
 * beyond the audio it sent (its unused seconds, within the hour), and ending them all at shutdown.
 * Capacity is a load of 1 shared by model: a stream of a model this machine serves N of in real
 * time (`capacity`, measured) takes 1/N of it; a model not measured takes 1/`max`. A stream is
 * admitted only while it fits, so the streams admitted are served in real time. Shared fairly:
 * while an account refused for capacity waits (tries again within WAITING_MS), no account already
 * holding a stream is admitted beyond an equal share of the capacity among the accounts holding
 * or waiting for places; alone, an account may fill it. Streams already running are never cut.
 */
export class LiveStreams {
  private readonly open = new Set<LiveSession>();
  private readonly places = new Set<Place>();
  /** Accounts refused for capacity, and when they last were. */
  private readonly waiting = new Map<string, number>();
  private closing = false;
  /** Per account: when each of its streams ended in the last hour, and its unused seconds. */
  private readonly unused = new Map<string, { at: number; seconds: number }[]>();
  private sweptAt = Date.now();

  constructor(
    private readonly max: number,
    private readonly unusedPerHour = Infinity,
    /** How long a shutdown waits for the streams to end. */
    private readonly shutdownDeadlineMs = 70_000,
    /** Streams of each model served in real time at once, where measured. */
    private readonly capacity: Record<string, number> = {},
  ) {}

  /** The live streams this process serves now. */
  get openCount(): number {
    return this.open.size;
  }

  /** Streams of `model` this process serves in real time at once. */
  capacityOf(model: string): number {
    return this.capacity[model] ?? this.max;
  }

  /** The capacity in use (of `userId` alone, if given), leaving `except` out. */
  private load(except?: Place, userId?: string): number {
    let load = 0;
    for (const place of this.places) {
      if (place !== except && (userId === undefined || place.userId === userId)) load += place.cost;
    }
    return load;
  }

  private fits(model: string, except?: Place): boolean {
    const count = this.places.size - (except ? 1 : 0);
    return count < this.max && this.load(except) + 1 / this.capacityOf(model) <= 1 + 1e-9;
  }

  /** Whether a stream of `model` keeps `userId` within its share while other accounts wait. */
  private fair(userId: string, model: string): boolean {
    if ([...this.waiting.keys()].every((id) => id === userId)) return true;
    const accounts = new Set([userId, ...this.waiting.keys()]);
    for (const place of this.places) accounts.add(place.userId);
    // An account holding nothing is within its share, even one smaller than a stream: else more
    // accounts waiting than there are places would keep each other out of an idle server.
    const held = this.load(undefined, userId);
    return held === 0 || held + 1 / this.capacityOf(model) <= 1 / accounts.size + 1e-9;
  }

  /** The refusal of a stream none of whose `models` fits now. */
  private busy(models: string[]): StreamRefusal {
    if (models.every((m) => this.capacityOf(m) < 1)) {
      return new StreamRefusal(
        REALTIME_CLOSE.tooManyStreams,
        'server_busy',
        `This server cannot transcribe ${models.join(' or ')} in real time, even alone; use a faster model, or model=auto`,
      );
    }
    const which = models.length > 1 ? 'any model' : models[0];
    return new StreamRefusal(
      REALTIME_CLOSE.tooManyStreams,
      'server_busy',
      `The server is serving as many live streams of ${which} as it can in real time; try again shortly${models.length > 1 ? '' : ', or use model=auto'}`,
      BUSY_RETRY_SECONDS,
    );
  }

  /** Whether `model`'s capacity was measured (or set): unmeasured models are not offered by auto. */
  measured(model: string): boolean {
    return model in this.capacity;
  }

  /**
   * Counts a stream of `userId` in, or refuses it (4429: the server is full, or the account held
   * streams open without audio for its hour's allowance; 1001 while shutting down); the answer
   * gives the place back.
   */
  take(userId: string, models: string[]): Place {
    if (this.closing) throw shuttingDown();
    const now = Date.now();
    const recent = this.recentUnused(userId, now);
    const held = recent.reduce((sum, e) => sum + e.seconds, 0);
    if (held >= this.unusedPerHour) {
      let freed = held;
      const back = recent.find((e) => (freed -= e.seconds) < this.unusedPerHour)!;
      const minutes = Math.ceil((back.at + HOUR_MS - now) / 60_000);
      throw new StreamRefusal(
        REALTIME_CLOSE.tooManyStreams,
        'unused_streams',
        `This account held live streams open for ${Math.round(held)} s without sending audio in the last hour, the most it may; try again in ${minutes} min`,
        minutes * 60,
      );
    }
    for (const [id, at] of this.waiting) if (at <= now - WAITING_MS) this.waiting.delete(id);
    const model = models.find((m) => this.fits(m) && this.fair(userId, m));
    if (model === undefined) {
      if (models.some((m) => this.capacityOf(m) >= 1)) this.waiting.set(userId, now);
      throw models.some((m) => this.fits(m)) ? this.unfair() : this.busy(models);
    }
    this.waiting.delete(userId);
    return this.place(userId, model);
  }

  private place(userId: string, model: string): Place {
    const place = new Place(userId, model, 1 / this.capacityOf(model), (p) =>
      this.places.delete(p),
    );
    this.places.add(place);
    return place;
  }

  /** The refusal of a stream that fits but would take more than its account's share. */
  private unfair(): StreamRefusal {
    return new StreamRefusal(
      REALTIME_CLOSE.tooManyStreams,
      'server_busy',
      'Other accounts are waiting for live streams, and this account holds its share of the server; try again shortly',
      BUSY_RETRY_SECONDS,
    );
  }

  /**
   * The place of a stream switching to `model` (a config message), or a refusal if it does not
   * fit. Not refused for the share: the stream is already admitted, and a refusal would end it.
   */
  move(place: Place, model: string): Place {
    if (model === place.model) return place;
    if (!this.fits(model, place)) throw this.busy([model]);
    place.release();
    return this.place(place.userId, model);
  }

  /** `userId`'s unused seconds of the last hour, older ones (and an account with none) forgotten. */
  private recentUnused(userId: string, now: number): { at: number; seconds: number }[] {
    const recent = (this.unused.get(userId) ?? []).filter((e) => e.at > now - HOUR_MS);
    if (recent.length > 0) this.unused.set(userId, recent);
    else this.unused.delete(userId);
    return recent;
  }

  /** A stream of `userId` ended having held its place `seconds` longer than its audio lasted. */
  heldUnused(userId: string, seconds: number): void {
    const now = Date.now();
    if (now - this.sweptAt > 60_000) {
      // Accounts that have not streamed for an hour are forgotten.
      this.sweptAt = now;
      for (const id of [...this.unused.keys()]) this.recentUnused(id, now);
    }
    if (seconds <= 0) return;
    this.unused.set(userId, [...this.recentUnused(userId, now), { at: now, seconds }]);
  }

  /** A stream that has started; false (and it should end) when the server is shutting down. */
  add(session: LiveSession): boolean {
    this.open.add(session);
    return !this.closing;
  }

  remove(session: LiveSession): void {
    this.open.delete(session);
  }

  /**
   * Ends every stream (server shutdown): each is transcribed to its end, saved and billed, within
   * a deadline; streams still starting end as soon as they have.
   */
  async closeAll(): Promise<void> {
    this.closing = true;
    const ending = Promise.all([...this.open].map((session) => session.finish(shuttingDown())));
    await within(
      ending,
      this.shutdownDeadlineMs,
      tookLonger('ending the live streams', this.shutdownDeadlineMs),
    ).catch(() => undefined);
  }
}

export interface LiveDeps {
  db: Database;
  engine: LiveEngine;
  config: TranscriptionConfig;
  streams: LiveStreams;
  log: FastifyBaseLogger;
  /** Counts streams refused before they started, by code. */
  refused: Pick<Metrics['liveStreamsRefused'], 'inc'>;
  /**
   * The model (undefined: the default for the language) and language a stream may use (the model
   * catalog); throws a DomainError if not.
   */
  resolve(
    model: string | undefined,
    language: string | null,
  ): Promise<{ model: string; language: string | null }>;
}

const send = (socket: WebSocket, message: RealtimeServerMessage) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
};

/**
 * Closes with `code`, and cuts the connection CLOSE_GRACE_MS later if the client has not answered
 * the close frame by then (a client that ignores it could otherwise keep sending for ws's 30 s).
 */
function closeSocket(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState !== socket.OPEN && socket.readyState !== socket.CONNECTING) return;
  socket.close(code, reason);
  const closedAt = Date.now();
  const cut = () => {
    if (socket.readyState === socket.CLOSED) return;
    if (socket.bufferedAmount > 0 && Date.now() - closedAt < CLOSE_GRACE_MAX_MS)
      return void setTimeout(cut, CLOSE_GRACE_MS).unref();
    socket.terminate();
  };
  setTimeout(cut, CLOSE_GRACE_MS).unref();
}

/** A refusal as the `error` message that says it. */
const errorMessage = (refusal: StreamRefusal): RealtimeServerMessage => ({
  type: 'error',
  code: refusal.code,
  message: refusal.message,
  ...(refusal.retryAfterSeconds !== undefined && {
    retry_after_seconds: refusal.retryAfterSeconds,
  }),
});

/** Sends the refusal as an `error` message and closes with its code. */
export function refuse(socket: WebSocket, refusal: StreamRefusal): void {
  send(socket, errorMessage(refusal));
  closeSocket(socket, refusal.close, reasonOf(refusal.message));
}

/**
 * Any error as a refusal: a client's mistake (a bad model, language or message) is 4400, an
 * unavailable engine 1011; anything else is logged and is 1011 too. Never throws.
 */
function asRefusal(err: unknown, log: FastifyBaseLogger): StreamRefusal {
  if (err instanceof StreamRefusal) return err;
  const status = err instanceof DomainError ? API_ERRORS[err.code].status : 500;
  if (err instanceof DomainError && status === 400)
    return new StreamRefusal(REALTIME_CLOSE.badRequest, err.code, err.message);
  if (err instanceof DomainError && status === 503)
    return new StreamRefusal(REALTIME_CLOSE.serverError, err.code, err.message);
  log.error({ err }, 'live stream failed');
  return new StreamRefusal(
    REALTIME_CLOSE.serverError,
    'internal',
    'Something went wrong on our side; the stream ended',
  );
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
 * MAX_EARLY_FRAMES and MAX_EARLY_BYTES, or the stream is refused), then runs the stream, or
 * refuses it with the error `opening` rejected with. Once refused, frames are dropped unread.
 */
export function serveLiveStream(
  socket: WebSocket,
  deps: LiveDeps,
  opening: () => Promise<Opening>,
): void {
  let early: [RawData, boolean][] = [];
  let earlyBytes = 0;
  let session: LiveSession | undefined;
  let refused: StreamRefusal | undefined;
  let gone = false;
  const refuseOnce = (refusal: StreamRefusal) => {
    if (refused) return;
    refused = refusal;
    early = [];
    deps.refused.inc({ code: refusal.code });
    refuse(socket, refusal);
  };
  socket.on('message', (data, isBinary) => {
    if (session) return session.receive(data, isBinary);
    if (refused) return;
    earlyBytes += sizeOf(data);
    early.push([data, isBinary]);
    if (early.length > MAX_EARLY_FRAMES || earlyBytes > MAX_EARLY_BYTES)
      refuseOnce(
        tooFast(`more than ${MAX_EARLY_FRAMES} frames or ${MAX_EARLY_BYTES} bytes before ready`),
      );
  });
  socket.on('close', () => {
    gone = true;
    early = [];
    void session?.finish();
  });
  socket.on('error', (err) => deps.log.warn({ err }, 'live stream socket error'));

  void (async () => {
    let place: Place | undefined;
    try {
      const opened = await opening();
      if (gone || refused) return;
      place = deps.streams.take(opened.userId, opened.models);
      const started = new LiveSession(socket, deps, opened, place);
      await started.start();
      place = undefined; // the session gives it back
      if (refused) return void started.finish(refused);
      session = started;
      for (const [data, isBinary] of early.splice(0)) started.receive(data, isBinary);
      if (gone) void started.finish();
      else if (!deps.streams.add(started)) void started.finish(shuttingDown());
    } catch (err) {
      place?.release();
      refuseOnce(asRefusal(err, deps.log));
    }
  })();
}

const tooFast = (what: string) =>
  new StreamRefusal(
    REALTIME_CLOSE.badAudio,
    'audio_too_fast',
    `Audio came much faster than real time (${what}). Send it at about the speed it plays.`,
  );

/** One live stream: its row, its engine stream, its audio, its bill. */
export class LiveSession {
  readonly id = randomUUID();
  private readonly lease = randomUUID();
  private readonly samples: PcmSamples;
  /** When `ready` was sent: the stream's place is held from then. */
  private startedAt = Date.now();
  private settings: LiveStreamOptions;
  /** The model asked for (the first of the opening's, or a config message's). */
  private wanted: string | undefined;
  private endOfTurnSilenceMs: number;
  /** A change of key terms or turn silence waiting to go, and the one going. */
  private change: LiveChange | undefined;
  private changing: Promise<void> | undefined;
  private stream: LiveStream | undefined;
  private generation = 0;
  private readonly finals: FinalEvent[] = [];
  /**
   * Redacting: the last words of the finals as heard (in memory only), which the next final is
   * read with.
   */
  private heardTokens: string[] = [];
  /** The finals of the turn under way (redacted when redacting), which its end_of_turn repeats. */
  private turn: string[] = [];
  /** Redacting: the finals as heard (in memory only), redacted whole into the saved transcript. */
  private readonly clearFinals: FinalEvent[] = [];
  private audioStarted = false;
  private configured = false;
  /** Frames received, not yet handed to the engine. */
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private pumping: Promise<void> | undefined;
  private configuring: Promise<void> = Promise.resolve();
  /** Set when no more audio may reach the engine (over the limit, cancelled, the engine failed). */
  private discard = false;
  /** Seconds of audio this stream may send: what its row reserves. */
  private allowed = 0;
  /** Why `allowed` ends where it does: the audio limit, the balance, or only the reservation's reach. */
  private allowedBy: 'limit' | 'credit' | 'spend' | 'reach' = 'reach';
  /** The monthly spending limit that stands, as last read (null: none). */
  private room: SpendRoom | null = null;
  private finishing: Promise<void> | undefined;
  private cancelled = false;
  private engineFailure: Error | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;
  /** When `lag` was last sent while behind; 0 when the stream is not (or no longer) behind. */
  private lagSaidAt = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: LiveDeps,
    private readonly opening: Opening,
    private place: Place,
  ) {
    this.samples = new PcmSamples(opening.sampleRate);
    this.endOfTurnSilenceMs = opening.endOfTurnSilenceMs;
    // Its place says which of the models it may use fits (model=auto: the most accurate that does).
    this.settings = { ...opening.settings, model: place.model };
    this.wanted = opening.models[0];
  }

  /** The model asked for (or the most accurate of model=auto's), when another serves the stream. */
  private get fallbackFrom(): string | null {
    return this.wanted !== undefined && this.wanted !== this.model ? this.wanted : null;
  }

  private get model(): string {
    return this.settings.model;
  }

  private get log(): FastifyBaseLogger {
    return this.deps.log;
  }

  /**
   * Under the account's lock: the per-account limit, the balance, and the row with its first
   * reservation; then the engine stream and `ready`.
   */
  async start(): Promise<void> {
    const { db, config } = this.deps;
    const userId = this.opening.userId;
    try {
      await db.transaction(async (tx) => {
        await lockAccountJobs(tx, userId);
        const open = await openLiveStreams(tx, userId);
        if (open >= config.liveMaxStreamsPerAccount) {
          throw new StreamRefusal(
            REALTIME_CLOSE.tooManyStreams,
            'too_many_streams',
            `This account already has ${open} live stream${open === 1 ? '' : 's'} open, the most it may; end one first`,
          );
        }
        const { balance, reserved, owed } = await heldCredit(tx, userId);
        this.room = await spendRoom(tx, userId, this.opening.apiKeyId, new Date());
        if (owed > 0) {
          throw new StreamRefusal(
            REALTIME_CLOSE.insufficientCredits,
            'account_on_hold',
            accountOnHoldMessage(owed),
          );
        }
        this.setAllowed(balance - reserved);
        if (this.allowed < 1 && this.allowedBy === 'spend' && this.room) {
          throw new StreamRefusal(
            REALTIME_CLOSE.insufficientCredits,
            'spend_limit_reached',
            spendLimitMessage(
              this.room,
              isModelName(this.model) ? priceForSeconds(this.model, 1) : 0,
            ),
          );
        }
        if (this.allowed < 1) {
          const held =
            reserved > 0 ? `, ${formatUsd(reserved)} of it held for jobs in progress` : '';
          throw new StreamRefusal(
            REALTIME_CLOSE.insufficientCredits,
            'insufficient_credits',
            `Insufficient credits: your balance is ${formatUsd(balance)}${held}, less than a second of live audio on ${this.model} costs.`,
          );
        }
        await insertTranscription(tx, {
          id: this.id,
          userId,
          apiKeyId: this.opening.apiKeyId,
          status: 'processing',
          model: this.model,
          language: this.settings.language,
          keyterms: this.settings.keyterms,
          redaction: this.opening.redaction,
          timestampStyle: 'word',
          source: 'live',
          fileName: 'Live stream',
          audioDurationSeconds: this.allowed,
          progressStage: 'live',
          leaseToken: this.lease,
          leaseExpiresAt: new Date(Date.now() + config.leaseSeconds * 1000),
          attempts: 1,
          startedAt: new Date(),
        });
      });
    } catch (err) {
      this.place.release();
      throw err;
    }
    this.openEngineStream();
    this.sendReady();
    this.startedAt = Date.now();
    this.touch();
    const every = Math.min(CHECK_EVERY_MS, (config.leaseSeconds * 1000) / 3);
    this.checkTimer = setInterval(() => {
      this.checking ??= this.check().finally(() => (this.checking = undefined));
    }, every);
  }

  /**
   * `allowed` from what the account can spend on this stream (its balance less what its other
   * unfinished jobs and streams hold, within what its monthly spending limit leaves, `room`): up
   * to RESERVE_AHEAD_SECONDS past the audio received.
   */
  private setAllowed(credit: number): void {
    const room = this.room?.roomMicros ?? Infinity;
    const affordable = isModelName(this.model)
      ? secondsAffordable(this.model, Math.max(0, Math.min(credit, room)))
      : Infinity;
    const limit = this.deps.config.maxAudioSeconds;
    const reach = this.samples.receivedSeconds + RESERVE_AHEAD_SECONDS;
    this.allowed = Math.min(affordable, limit, reach);
    this.allowedBy =
      this.allowed === reach
        ? 'reach'
        : affordable >= limit
          ? 'limit'
          : room < credit
            ? 'spend'
            : 'credit';
  }

  /**
   * Moves the reservation on (or to a new model's price), under the account's lock, so two
   * streams or a stream and a job cannot both spend the same credit. False when the row is no
   * longer this stream's.
   */
  private async reserve(fields: { model?: string } & Partial<LiveStreamOptions> = {}) {
    const { db } = this.deps;
    return db.transaction(async (tx) => {
      await lockAccountJobs(tx, this.opening.userId);
      const { balance, reserved } = await heldCredit(tx, this.opening.userId, this.id);
      this.room = await spendRoom(
        tx,
        this.opening.userId,
        this.opening.apiKeyId,
        new Date(),
        this.id,
      );
      this.setAllowed(balance - reserved);
      return updateLiveStream(tx, this.id, this.lease, {
        ...fields,
        audioDurationSeconds: this.allowed,
      });
    });
  }

  private sendReady(): void {
    send(this.socket, {
      type: 'ready',
      id: this.id,
      model: this.model,
      language: this.settings.language,
      fallback_from: this.fallbackFrom,
      sample_rate: this.opening.sampleRate,
      encoding: 'pcm_s16le',
    });
  }

  private openEngineStream(): void {
    const generation = ++this.generation;
    const previous = this.stream;
    if (previous) void previous.end().catch(() => undefined);
    const hearing = {
      sampleRate: this.opening.sampleRate,
      endOfTurnSilenceMs: this.endOfTurnSilenceMs,
    };
    const stream = this.deps.engine.openStream(this.settings, hearing, (event) => {
      if (generation === this.generation) this.heard(event);
    });
    stream.result.catch((err: Error) => {
      if (generation !== this.generation || this.finishing) return;
      this.failEngine(err);
    });
    this.stream = stream;
  }

  private heard(event: StreamEvent): void {
    const { redaction } = this.opening;
    if (event.type === 'partial') {
      const text = redaction ? redactPartial(event.text, redaction, this.heardTokens) : event.text;
      send(this.socket, { type: 'partial', text, start: event.start });
      return;
    }
    if (event.type === 'end_of_turn') {
      const { start, end } = event;
      // Redacting, a turn says what its finals said.
      // The turn's finals as their script is written (the engine spaces them), redacted or not.
      const text = joinedText(this.turn);
      this.turn = [];
      send(this.socket, { type: 'end_of_turn', start, end, text });
      return;
    }
    const final = redaction ? this.redacted(event, redaction) : event;
    if (final.text) {
      this.finals.push(final);
      this.turn.push(final.text);
      if (redaction) this.clearFinals.push(event);
    }
    send(this.socket, {
      type: 'final',
      text: final.text,
      start: final.start,
      end: final.end,
      language: final.language,
      detected_language: final.detected_language,
      language_fallback: final.language_fallback,
      words: final.words,
    });
  }

  /** A final with its personal data redacted, read after the stream's earlier finals. */
  private redacted(event: FinalEvent, redaction: Redaction): FinalEvent {
    const context = { before: this.heardTokens, open: true };
    const [text] = redactTexts([event.text], redaction, context);
    const words = redactWords(event.words, redaction, event.text, context);
    this.heardTokens = [...this.heardTokens, ...tokensOf(event.text)].slice(-CONTEXT_TOKENS);
    return { ...event, text: text!, words };
  }

  /**
   * The engine failed this stream. `stuck`: it did not take audio in time, so the stream is
   * cancelled in it, and the engine is restarted only if it does not answer a ping either (then
   * every stream it serves is told, each saving and billing what it heard).
   */
  private failEngine(err: Error, stuck = false): void {
    this.engineFailure ??= err;
    this.discard = true;
    this.log.error({ err, stream: this.id }, 'live stream engine failure');
    if (stuck) void this.cancelInEngine();
    void this.finish(
      new StreamRefusal(
        REALTIME_CLOSE.serverError,
        'engine_unavailable',
        'The speech engine stopped; what it transcribed is saved',
      ),
    );
  }

  /** Stops this stream in the engine (only this one), or the engine if it is stuck. */
  private async cancelInEngine(): Promise<void> {
    const { engine } = this.deps;
    const cancelled = this.stream?.cancel() ?? Promise.resolve();
    try {
      await within(
        cancelled,
        AUDIO_ACK_DEADLINE_MS,
        tookLonger('cancelling', AUDIO_ACK_DEADLINE_MS),
      );
      await engine.ping();
    } catch (err) {
      this.log.error({ err, stream: this.id }, 'live engine not answering: restarting it');
      await engine.kill().catch(() => undefined);
    }
  }

  /** Restarts the idle clock: audio with sound in it came. */
  private touch(): void {
    clearTimeout(this.idleTimer);
    const seconds = this.deps.config.liveIdleTimeoutSeconds;
    this.idleTimer = setTimeout(
      () => void this.finish(idle(`No audio with sound in it was received for ${seconds} s`)),
      seconds * 1000,
    );
  }

  /** A frame from the client: audio (binary) or a message (text). */
  receive(data: RawData, isBinary: boolean): void {
    if (this.finishing) return;
    if (isBinary) {
      const chunk = toBuffer(data);
      if (this.queuedBytes + chunk.length > MAX_QUEUED_BYTES) {
        void this.finish(tooFast('it waits faster than it can be handed on'));
        return;
      }
      this.audioStarted = true;
      this.queue.push(chunk);
      this.queuedBytes += chunk.length;
      this.pump();
      return;
    }
    let message: RealtimeClientMessage;
    try {
      const parsed = RealtimeClientMessage.safeParse(JSON.parse(toBuffer(data).toString('utf8')));
      if (!parsed.success) throw new Error(validationMessage(parsed.error, 'message'));
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
    if (
      message.model === undefined &&
      message.language === undefined &&
      !narrowsDetection(message)
    ) {
      this.requestChange(message);
      return;
    }
    if (this.audioStarted || this.configured) {
      void this.finish(
        new StreamRefusal(
          REALTIME_CLOSE.badRequest,
          'config_after_audio',
          'The model and language (and how it is detected) are set once, before the first audio frame; later config messages may change only keyterms and end_of_turn_silence_ms',
        ),
      );
      return;
    }
    this.configured = true;
    this.configuring = this.configure(message);
  }

  /**
   * New key terms or turn silence, at any time: merged into the change waiting to go (the latest
   * value of each wins), so a client flooding config messages makes one change at a time, not a
   * queue of them.
   */
  private requestChange(message: Extract<RealtimeClientMessage, { type: 'config' }>): void {
    const { keyterms, end_of_turn_silence_ms: endOfTurnSilenceMs } = message;
    this.change = {
      ...this.change,
      ...(keyterms !== undefined && { keyterms }),
      ...(endOfTurnSilenceMs !== undefined && { endOfTurnSilenceMs }),
    };
    this.changing ??= (async () => {
      await this.configuring;
      while (this.change && !this.finishing) {
        const change = this.change;
        this.change = undefined;
        await this.applyChange(change);
      }
    })().finally(() => (this.changing = undefined));
  }

  /** One change: the row's key terms, then the engine, which takes it before its next decode. */
  private async applyChange(change: LiveChange): Promise<void> {
    try {
      const { keyterms, endOfTurnSilenceMs } = change;
      if (keyterms !== undefined) {
        this.settings = { ...this.settings, keyterms };
        if (!(await this.reserve({ keyterms }))) return this.lost();
      }
      if (endOfTurnSilenceMs !== undefined) this.endOfTurnSilenceMs = endOfTurnSilenceMs;
      const stream = this.stream;
      if (!stream) return;
      try {
        await within(
          stream.configure(change),
          AUDIO_ACK_DEADLINE_MS,
          tookLonger('the engine taking a config', AUDIO_ACK_DEADLINE_MS),
        );
      } catch (err) {
        if (!this.engineFailure) this.failEngine(err as Error, true);
      }
    } catch (err) {
      void this.finish(asRefusal(err, this.log));
    }
  }

  /** New settings before any audio: the row, the reservation (the price may differ), the engine stream. */
  private async configure(message: Extract<RealtimeClientMessage, { type: 'config' }>) {
    try {
      const resolved = await this.deps.resolve(
        message.model ?? (this.opening.modelNamed ? this.model : undefined),
        message.language === undefined ? this.settings.language : message.language,
      );
      // A config that names a language or narrows detection replaces how it was detected.
      const detection =
        message.language !== undefined || narrowsDetection(message)
          ? languageDetection(
              { ...message, language: resolved.language },
              this.opening.accountFallbackLanguage,
            )
          : this.settings.detection;
      const settings = {
        ...resolved,
        detection,
        keyterms: message.keyterms ?? this.settings.keyterms,
      };
      this.place = this.deps.streams.move(this.place, settings.model);
      this.wanted = settings.model;
      this.settings = settings;
      this.endOfTurnSilenceMs = message.end_of_turn_silence_ms ?? this.endOfTurnSilenceMs;
      if (!(await this.reserve(settings))) return this.lost();
      if (this.allowed < 1) return void this.finish(this.overLimit());
      this.openEngineStream();
      this.sendReady();
    } catch (err) {
      void this.finish(asRefusal(err, this.log));
    }
  }

  /**
   * Hands queued frames to the engine, merged, one request of at most STEP_SECONDS of audio at a
   * time, until the queue is empty.
   */
  private pump(): void {
    if (this.pumping) return;
    const step = Math.round(this.opening.sampleRate * STEP_SECONDS) * 2;
    this.pumping = (async () => {
      await this.configuring;
      while (this.queue.length > 0 && !this.discard) {
        const merged = this.queue.length === 1 ? this.queue[0]! : Buffer.concat(this.queue);
        const chunk = merged.subarray(0, step);
        this.queue = chunk.length < merged.length ? [merged.subarray(step)] : [];
        this.queuedBytes = merged.length - chunk.length;
        await this.forward(chunk);
      }
      this.queue = [];
      this.queuedBytes = 0;
    })().finally(() => (this.pumping = undefined));
  }

  /** Resamples a chunk and hands it to the engine, within what the stream may send. */
  private async forward(chunk: Buffer): Promise<void> {
    const stream = this.stream;
    if (!stream) return;
    // Counted in whole samples: (allowed - received seconds) × rate in floating point can come out
    // a hair under the true count and drop the last sample.
    const bytesLeft = () =>
      Math.max(0, Math.floor(this.allowed * this.opening.sampleRate) - this.samples.received) * 2;
    if (chunk.length > bytesLeft() && this.allowedBy === 'reach') {
      if (!(await this.reserve().catch(() => true))) return this.lost();
    }
    const cut = chunk.length > bytesLeft();
    const sound = this.samples.soundUntil;
    const pcm = this.samples.push(cut ? chunk.subarray(0, bytesLeft()) : chunk);
    if (this.samples.soundUntil > sound && !this.finishing) this.touch();
    try {
      if (pcm.length > 0) {
        const { queued_seconds } = await within(
          stream.audio(pcm),
          AUDIO_ACK_DEADLINE_MS,
          tookLonger('the engine taking audio', AUDIO_ACK_DEADLINE_MS),
        );
        this.reportLag(queued_seconds + this.queuedBytes / 2 / this.opening.sampleRate);
        if (queued_seconds > MAX_BACKLOG_SECONDS) {
          this.discard = true;
          void this.finish(tooFast(`${Math.round(queued_seconds)} s wait to be transcribed`));
          return;
        }
      }
    } catch (err) {
      if (!this.engineFailure) this.failEngine(err as Error, true);
      return;
    }
    if (cut) {
      this.discard = true;
      void this.finish(this.overLimit());
    }
  }

  /** Tells the client how far behind the stream is (`lag`), as it happens, and when it caught up. */
  private reportLag(behind: number): void {
    const now = Date.now();
    if (behind >= LAG_SECONDS) {
      if (now - this.lagSaidAt < LAG_EVERY_MS) return;
      this.lagSaidAt = now;
      send(this.socket, { type: 'lag', seconds_behind: Math.round(behind * 10) / 10 });
    } else if (this.lagSaidAt > 0 && behind < LAG_SECONDS / 2) {
      this.lagSaidAt = 0;
      send(this.socket, { type: 'lag', seconds_behind: 0 });
    }
  }

  private overLimit(): StreamRefusal {
    const heard = formatDuration(this.allowed);
    if (this.allowedBy === 'spend')
      return new StreamRefusal(
        REALTIME_CLOSE.insufficientCredits,
        'spend_limit_reached',
        `The monthly spending limit of ${formatUsd(this.room?.limitMicros ?? 0)} allows no more live audio; the first ${heard} were transcribed and charged.`,
      );
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

  /** The row is no longer this stream's (the account was deleted): nothing more is heard or saved. */
  private lost(): void {
    this.cancelled = true;
    this.discard = true;
    // Nothing of it is saved: the engine stops hearing it, and its thread is free.
    void this.stream?.cancel().catch(() => undefined);
    void this.finish(
      new StreamRefusal(
        REALTIME_CLOSE.cancelled,
        'cancelled',
        "The stream's transcript is gone (the account was deleted); nothing is saved or billed",
      ),
    );
  }

  /**
   * Renews the lease and records the text so far; while the stream runs, also moves its
   * reservation on and ends it when its audio falls behind the clock (a client holding a place
   * without sending audio) or runs past what the balance covers.
   */
  private async check(): Promise<void> {
    const { db, config } = this.deps;
    try {
      const held = await heartbeat(db, this.id, this.lease, config.leaseSeconds, {
        percent: 0,
        stage: 'live',
        partialText: this.text(),
      });
      if (!held) return this.lost();
      if (this.finishing) return;
      const behind = (Date.now() - this.startedAt) / 1000 - this.samples.receivedSeconds;
      if (behind > config.liveIdleTimeoutSeconds) {
        void this.finish(idle(`The audio fell ${Math.round(behind)} s behind the clock`));
        return;
      }
      if (!(await this.reserve())) return this.lost();
      if (this.allowedBy !== 'reach' && this.samples.receivedSeconds >= this.allowed) {
        this.discard = true;
        void this.finish(this.overLimit());
      }
    } catch (err) {
      // A database hiccup is not a reason to cut a stream: the next check tries again.
      this.log.warn({ err, stream: this.id }, 'live stream check failed');
    }
  }

  private text(): string {
    return joinedText(this.finals.map((f) => f.text));
  }

  /**
   * Ends the stream once: says why (if `refusal`), hands the engine what was received (unless
   * the stream was cut) and lets it finish (its finals still reach the client), saves the
   * transcript and books its cost, says `done`, and closes with 1000 or the refusal's code.
   */
  finish(refusal?: StreamRefusal): Promise<void> {
    if (!this.finishing) {
      // Its place was held until the client ended it (or it was ended for it).
      const held = (Date.now() - this.startedAt) / 1000;
      const unused = held - this.samples.receivedSeconds - UNUSED_GRACE_SECONDS;
      this.deps.streams.heldUnused(this.opening.userId, unused);
    }
    this.finishing ??= this.end(refusal)
      .catch((err: unknown) => {
        this.log.error({ err, stream: this.id }, 'live stream failed to end');
        closeSocket(this.socket, REALTIME_CLOSE.serverError, 'internal');
      })
      .finally(() => {
        clearTimeout(this.idleTimer);
        clearInterval(this.checkTimer);
        this.deps.streams.remove(this);
        this.place.release();
      });
    return this.finishing;
  }

  private async end(refusal: StreamRefusal | undefined): Promise<void> {
    clearTimeout(this.idleTimer);
    if (refusal) send(this.socket, errorMessage(refusal));
    // What was received is heard to the end, unless the stream was cut.
    await this.configuring;
    await this.changing?.catch(() => undefined);
    await this.pumping?.catch(() => undefined);
    const stream = this.stream;
    if (stream && !this.engineFailure && !this.cancelled) {
      let heard = false;
      const drained = (async () => {
        await stream.end();
        await stream.result;
        heard = true;
      })();
      try {
        const deadline = this.deps.config.liveDrainTimeoutSeconds * 1000;
        await within(drained, deadline, () => new DrainTimeout(deadline));
      } catch (err) {
        this.engineFailure = err as Error;
        this.log.error({ err, stream: this.id }, 'live stream engine failure at the end');
        // Only this stream is stopped: the engine goes on serving the others. If it finished
        // just as the deadline passed (its result comes before the cancel's answer), all of it
        // was heard after all.
        if (err instanceof DrainTimeout) await this.cancelInEngine();
        if (heard) this.engineFailure = undefined;
      }
    }
    await this.checking;
    // The engine has heard all it will: a stream said to be behind is told it no longer is.
    if (this.lagSaidAt > 0) send(this.socket, { type: 'lag', seconds_behind: 0 });
    const saved = this.cancelled ? undefined : await this.saveWithRetries();
    clearInterval(this.checkTimer);
    if (saved) {
      // Received and not transcribed (nor billed): said as a gap, before `done`.
      const received = this.samples.receivedSeconds;
      const untranscribed = Math.max(0, Math.round((received - saved.seconds) * 1000) / 1000);
      if (untranscribed > 0 && saved.why)
        send(this.socket, { type: 'gap', start: saved.seconds, end: received, reason: saved.why });
      send(this.socket, {
        type: 'done',
        id: this.id,
        billed_seconds: saved.seconds,
        untranscribed_seconds: untranscribed,
        cost_micros: saved.costMicros,
      });
    }
    // 1000 says `done` was sent: a stream that could not be saved ends with 1011.
    const close =
      refusal?.close ??
      (saved || this.cancelled ? REALTIME_CLOSE.done : REALTIME_CLOSE.serverError);
    closeSocket(this.socket, close, reasonOf(refusal?.code ?? (saved ? 'done' : 'not_saved')));
  }

  private async saveWithRetries(): Promise<Saved | undefined> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.save();
      } catch (err) {
        this.log.error({ err, stream: this.id, attempt }, 'live stream could not be saved');
        if (attempt >= SAVE_ATTEMPTS) return undefined;
        await sleep(500 * attempt);
      }
    }
  }

  /**
   * Completes the row and books its cost in one transaction, while the row is still this
   * stream's. Billed: the seconds received, or, if the engine failed, those up to its last
   * final. If the balance was spent elsewhere meanwhile, the seconds it still covers, and the
   * transcript keeps only what they hold.
   */
  private async save(): Promise<Saved | undefined> {
    const received = this.samples.receivedSeconds;
    const lastFinal = this.finals.at(-1)?.end ?? 0;
    let seconds = this.engineFailure ? Math.min(received, lastFinal) : received;
    let why = !this.engineFailure
      ? null
      : this.engineFailure instanceof DrainTimeout
        ? 'transcription fell too far behind the stream and was stopped'
        : 'the speech engine stopped';
    for (;;) {
      const notice = why && untranscribedNotice(seconds, received, why);
      const costMicros = isModelName(this.model) ? priceForSeconds(this.model, seconds) : 0;
      try {
        const done = await this.deps.db.transaction(async (tx) => {
          const row = await completeTranscription(tx, this.id, this.lease, {
            result: this.result(seconds, notice),
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
            apiKeyId: this.opening.apiKeyId,
            audioSource: 'live',
          });
          return row;
        });
        return done ? { seconds, costMicros, why } : undefined;
      } catch (err) {
        const limited = err instanceof SpendLimitExceeded;
        if (!(limited || err instanceof InsufficientCredit) || !isModelName(this.model)) throw err;
        const covered = secondsAffordable(
          this.model,
          limited ? err.room.roomMicros : err.balanceMicros,
        );
        if (covered >= seconds) throw err;
        why = limited
          ? 'the monthly spending limit was reached during the stream'
          : 'the balance was spent elsewhere during the stream';
        seconds = covered;
      }
    }
  }

  /** The transcript of the finals heard within the first `seconds`. */
  private result(seconds: number, notice: string | null): TranscriptResult {
    const { redaction } = this.opening;
    // Redacting, the whole stream is read again: what one phrase could not tell, all of them can.
    const finals = (redaction ? this.clearFinals : this.finals).filter((f) => f.start < seconds);
    const [language, count] = mostCommon(finals.map((f) => f.language)) ?? [
      this.settings.language ?? 'en',
      0,
    ];
    // Detected phrase by phrase: the language most phrases were detected in, before any fallback
    // (none when the language was set or the model is English-only).
    const [detected] = mostCommon(finals.flatMap((f) => f.detected_language ?? [])) ?? [null];
    const result: TranscriptResult = {
      text: joinedText(finals.map((f) => f.text)),
      language,
      languageProbability: finals.length > 0 ? count / finals.length : 1,
      detectedLanguage: detected,
      languageFallback: finals.some((f) => f.language_fallback),
      segments: finals.map(({ start, end, text, language: heardIn }) => ({
        start,
        end,
        text,
        language: heardIn,
      })),
      words: finals.flatMap((f) => f.words.filter((w) => w.start < seconds)),
      notice,
    };
    return redaction ? redactTranscript(result, redaction) : result;
  }
}

/** What a stream's end saved: the seconds transcribed and charged, and why not all, if not. */
interface Saved {
  seconds: number;
  costMicros: number;
  why: string | null;
}

/** The saved transcript's notice when not all that was received was transcribed, in the batch jobs' words. */
function untranscribedNotice(seconds: number, received: number, why: string): string {
  return `Only the first ${formatDuration(seconds)} of the ${formatDuration(received)} received were transcribed and charged: ${why} (${formatClock(seconds)}–${formatClock(received)} not transcribed).`;
}

/** The engine did not finish a stream's audio within the drain deadline. */
class DrainTimeout extends Error {
  constructor(ms: number) {
    super(`finishing the stream in the engine took longer than ${ms} ms`);
    this.name = 'DrainTimeout';
  }
}

const idle = (message: string) =>
  new StreamRefusal(REALTIME_CLOSE.idleTimeout, 'idle_timeout', message);

/** The most frequent of `values` and how often it comes; undefined when there are none. */
function mostCommon(values: string[]): [string, number] | undefined {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0];
}
