import { HttpResponse, ws, type WebSocketData, type WebSocketHandler } from 'msw';
import type {
  ErrorResponse,
  MessageResponse,
  RealtimeServerMessage,
  RealtimeToken,
  SpeakerNames,
  SpeechModelList,
  Transcript,
  TranscriptList,
  TranscriptPage,
  TranscriptSummary,
} from '@parlance/contract';
import { priceMicros } from '@parlance/contract/money';
import {
  apiHref,
  paragraphsOf,
  REALTIME_CLOSE,
  REALTIME_SAMPLE_RATE,
  realtimeEndpoints,
  realtimePaths,
  sentencesOf,
  TRANSCRIPT_LIST_DEFAULT_LIMIT,
  TRANSCRIPT_LIST_FIRST_PAGE,
  transcriptEndpoints,
  transcriptPaths,
} from '@parlance/contract/endpoints';
import {
  audioDeletedFixture,
  redactedFixture,
  multichannelFixture,
  completedTranscriptFixture,
  exportFixture,
  livePhrasesFixture,
  liveTranscriptFixture,
  modelsFixture,
  queuedTranscriptFixture,
  retainedFixture,
  realtimeTokenFixture,
  silentWavFixture,
  speakersTranscriptFixture,
  transcriptFixture,
  transcriptSummariesFixture,
} from './fixtures/transcripts';
import {
  apiError,
  failAll,
  slowAll,
  unauthorizedAll,
  on,
  type Example,
  type Scenarios,
} from './support';

const done = { id: completedTranscriptFixture.id };
/** The id of the mocks' `n`th resumable upload (as the server's: 32 hex digits), and its address. */
const uploadId = (n: number) => n.toString(16).padStart(32, '0');
const uploadHref = (n: number) => apiHref(transcriptPaths.upload, { id: uploadId(n) });

/** Requests for the contract test: the fixtures' ids, an export's format, and bodies. */
export const transcriptsExamples: Example[] = [
  {
    endpoint: transcriptEndpoints.submit,
    body: { audio_url: 'https://media.example.com/recordings/new-upload.mp3' },
  },
  { endpoint: transcriptEndpoints.transcript, params: done },
  { endpoint: transcriptEndpoints.export, params: { ...done, format: 'txt' } },
  { endpoint: transcriptEndpoints.audio, params: done },
  { endpoint: transcriptEndpoints.sentences, params: done },
  { endpoint: transcriptEndpoints.paragraphs, params: done },
  { endpoint: transcriptEndpoints.delete, params: done },
  { endpoint: transcriptEndpoints.deleteAudio, params: done },
  {
    endpoint: transcriptEndpoints.speakers,
    params: { id: speakersTranscriptFixture.id },
    body: { names: { A: 'Dana Whitfield', B: 'Priya Raman' } },
  },
  { endpoint: transcriptEndpoints.uploadOffset, params: { id: uploadId(1) } },
  { endpoint: transcriptEndpoints.appendUpload, params: { id: uploadId(1) } },
];

/**
 * The endpoints the web app calls (not the OpenAI-compatible ones, whose errors have OpenAI's
 * shape): the error, slow and unauthorized scenarios answer each of them.
 */
const appEndpoints = [
  transcriptEndpoints.list,
  transcriptEndpoints.page,
  transcriptEndpoints.submit,
  transcriptEndpoints.transcript,
  transcriptEndpoints.export,
  transcriptEndpoints.audio,
  transcriptEndpoints.sentences,
  transcriptEndpoints.paragraphs,
  transcriptEndpoints.delete,
  transcriptEndpoints.deleteAudio,
  transcriptEndpoints.speakers,
  transcriptEndpoints.models,
  realtimeEndpoints.sessionToken,
  transcriptEndpoints.createUpload,
  transcriptEndpoints.uploadOffset,
  transcriptEndpoints.appendUpload,
];

/** The server's wording (packages/server/src/transcription/jobs/processor.ts). */
const TRUNCATION_NOTICE =
  'Only the first 5 min of the audio were transcribed and charged: your balance covers no more (the file said it held 2 s).';

const notFound = () => apiError('not_found', 'Transcript not found');
/** The server's answer for audio it does not keep (transcriptRoutes.ts). */
const audioNotKept = (transcript: Transcript) =>
  apiError(
    'audio_not_kept',
    transcript.source === 'live'
      ? 'Live streams keep no audio: only their transcript is saved'
      : transcript.audio_deleted_at
        ? `This transcript's audio was deleted on ${transcript.audio_deleted_at}`
        : "This transcript's audio is no longer kept",
  );

/**
 * GET /api/transcript/user as the server answers it (the cases in
 * packages/contract/src/behaviour/transcriptList.ts hold both to it): newest first; search in the
 * file name, the audio URL and the transcript's text, ignoring case; a status filter; pages.
 */
export function transcriptList(
  rows: TranscriptSummary[],
  textOf: (row: TranscriptSummary) => string | null = (row) =>
    transcriptFixture(row.id)?.result?.text ?? null,
) {
  return on(transcriptEndpoints.list, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const page = Number(query.get('page') ?? TRANSCRIPT_LIST_FIRST_PAGE);
    const limit = Number(query.get('limit') ?? TRANSCRIPT_LIST_DEFAULT_LIMIT);
    const search = query.get('search')?.toLowerCase();
    const status = query.get('status');
    const matching = rows
      .filter(
        (row) =>
          (!search ||
            [row.fileName, row.audioUrl, textOf(row)].some((field) =>
              field?.toLowerCase().includes(search),
            )) &&
          (!status || status === 'all' || row.status === status),
      )
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return HttpResponse.json<TranscriptList>({
      transcriptions: matching.slice((page - 1) * limit, page * limit),
      total: matching.length,
      page,
      limit,
    });
  });
}

/**
 * GET /v1/transcript as the server pages it: newest first, `limit` a page, `status` filtered, and
 * `next_cursor` naming where the next page starts (here the position; the server's is opaque too).
 */
function transcriptPages(rows: TranscriptSummary[]) {
  return on(transcriptEndpoints.page, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const limit = Number(query.get('limit') ?? TRANSCRIPT_LIST_DEFAULT_LIMIT);
    const from = Number(query.get('cursor') ?? 0);
    const status = query.get('status');
    const matching = rows
      .filter((row) => !status || row.status === status)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const more = from + limit < matching.length;
    return HttpResponse.json<TranscriptPage>({
      transcripts: matching.slice(from, from + limit),
      has_more: more,
      next_cursor: more ? String(from + limit) : null,
    });
  });
}

/** The names a transcript keeps from a `PUT …/speakers`: trimmed, the blank ones left out. */
const givenNames = ({ names }: SpeakerNames): Record<string, string> =>
  Object.fromEntries(
    Object.entries(names)
      .map(([label, name]) => [label, name.trim()])
      .filter(([, name]) => name !== ''),
  );

/**
 * Resumable uploads as the server's tus endpoint answers them: a creation's Location, the offset
 * kept (HEAD), and each PATCH's new offset. Each scenario keeps its own uploads.
 */
function uploadHandlers() {
  const uploads = new Map<string, { offset: number; length: number }>();
  const tus = { 'tus-resumable': '1.0.0' };
  return [
    on(transcriptEndpoints.createUpload, ({ request }) => {
      const href = uploadHref(uploads.size + 1);
      uploads.set(href, { offset: 0, length: Number(request.headers.get('upload-length') ?? 0) });
      return new HttpResponse(null, { status: 201, headers: { ...tus, location: href } });
    }),
    on(transcriptEndpoints.uploadOffset, ({ request }) => {
      const upload = uploads.get(new URL(request.url).pathname);
      if (!upload) return apiError('not_found', 'Upload not found');
      return new HttpResponse(null, {
        headers: {
          ...tus,
          'upload-offset': String(upload.offset),
          'upload-length': String(upload.length),
          'cache-control': 'no-store',
        },
      });
    }),
    on(transcriptEndpoints.appendUpload, async ({ request }) => {
      const upload = uploads.get(new URL(request.url).pathname);
      if (!upload) return apiError('not_found', 'Upload not found');
      upload.offset += (await request.arrayBuffer()).byteLength;
      return new HttpResponse(null, {
        status: 204,
        headers: { ...tus, 'upload-offset': String(upload.offset) },
      });
    }),
  ];
}

/**
 * The API's pages of transcripts, detail, exports, speaker names, delete, resumable uploads,
 * submit and models; `poll` answers the detail of the submitted job.
 */
function jobHandlers(poll: (id: string) => Transcript | undefined) {
  return [
    transcriptPages(transcriptSummariesFixture),
    ...uploadHandlers(),
    on(transcriptEndpoints.submit, () =>
      HttpResponse.json<Transcript>(queuedTranscriptFixture, { status: 202 }),
    ),
    on<{ id: string }, never, Transcript | ErrorResponse>(
      transcriptEndpoints.transcript,
      ({ params }) => {
        const transcript = poll(String(params.id));
        return transcript ? HttpResponse.json<Transcript>(transcript) : notFound();
      },
    ),
    // Before the exports: `/v1/transcript/:id/:format` matches these too. Cut as the server cuts.
    ...(
      [
        ['sentences', sentencesOf],
        ['paragraphs', paragraphsOf],
      ] as const
    ).map(([kind, of]) =>
      on(transcriptEndpoints[kind], ({ params }) => {
        const transcript = poll(String(params.id));
        if (!transcript) return notFound();
        if (!transcript.result)
          return apiError(
            'transcript_not_ready',
            `Transcript is ${transcript.status}; ${kind} are available once it is completed`,
          );
        return HttpResponse.json({ id: transcript.id, [kind]: of(transcript.result) });
      }),
    ),
    // Before the exports: `/v1/transcript/:id/:format` matches …/audio too.
    on(transcriptEndpoints.audio, ({ params }) => {
      const transcript = poll(String(params.id));
      if (!transcript) return notFound();
      if (!transcript.has_audio) return audioNotKept(transcript);
      // As long as the text goes (the fixtures' durations run to minutes: megabytes of WAV).
      const seconds = Math.ceil(transcript.result?.segments.at(-1)?.end ?? 1);
      return new HttpResponse(silentWavFixture(seconds), {
        headers: { 'content-type': 'audio/wav' },
      });
    }),
    on(transcriptEndpoints.export, ({ params }) => {
      const format = String(params.format);
      if (format !== 'txt' && format !== 'srt' && format !== 'vtt' && format !== 'json')
        return notFound();
      return new HttpResponse(exportFixture(format), {
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }),
    on<{ id: string }, SpeakerNames, Transcript | ErrorResponse>(
      transcriptEndpoints.speakers,
      async ({ params, request }) => {
        const transcript = poll(String(params.id));
        if (!transcript) return notFound();
        const names = givenNames(await request.json());
        return HttpResponse.json<Transcript>({ ...transcript, speaker_names: names });
      },
    ),
    on(transcriptEndpoints.deleteAudio, ({ params }) => {
      const transcript = poll(String(params.id));
      if (!transcript) return notFound();
      if (transcript.source === 'live') return audioNotKept(transcript);
      if (transcript.status === 'queued' || transcript.status === 'processing')
        return apiError(
          'transcript_not_ready',
          'This transcription is still running and needs its audio; delete the audio once it has ended, or delete the transcript to cancel it',
        );
      return HttpResponse.json<MessageResponse>({ message: 'Audio deleted' });
    }),
    on(transcriptEndpoints.delete, () =>
      HttpResponse.json<MessageResponse>({ message: 'Transcript deleted' }),
    ),
    on(transcriptEndpoints.models, () => HttpResponse.json<SpeechModelList>(modelsFixture)),
  ];
}

/** How a mock live stream goes (`/v1/realtime`). */
export type LiveBehaviour =
  /** `ready`, partials and finals as audio arrives (`livePhrasesFixture`), `done` on `end`. */
  | 'speech'
  /**
   * As `speech`, until the balance runs out after the first phrase: `error`, the phrase being
   * heard as a final, `done` (what was heard is saved and billed), then close 4402.
   */
  | 'insufficientCredits'
  /** Refused at once: `error`, then close 4429. */
  | 'tooManyStreams'
  /** As `speech`, until the connection drops after the first phrase (1006, no `error`). */
  | 'connectionLost'
  /**
   * As `speech`, but the server falls behind after the first phrase (`lag`); on `end`, the rest is
   * not transcribed: a `gap` from the first phrase's end, then `done` billing only that phrase.
   */
  | 'fellBehind';

/** Where the stream stops early (or falls behind) in the streams that do not end well. */
export const LIVE_CUT_SECONDS = 2;

/** One link for every scenario: each link keeps a client list on a shared channel. */
const realtimeLink = ws.link(`*${realtimePaths.stream}`);

const byteLength = (data: WebSocketData) =>
  typeof data === 'string' ? 0 : data instanceof Blob ? data.size : data.byteLength;

/**
 * `/v1/realtime` as the server answers it: what it sends depends on the seconds of audio received
 * (s16le at the query's sample_rate), not on time, so a story shows the same thing on every run.
 * Every message is a RealtimeServerMessage (transcripts.test.ts parses them with the contract).
 */
export function liveStream(behaviour: LiveBehaviour = 'speech'): WebSocketHandler {
  return realtimeLink.addEventListener('connection', ({ client }) => {
    const send = (message: RealtimeServerMessage) => client.send(JSON.stringify(message));
    // MSW delivers a sent message a microtask later, and drops it if the socket is closing by
    // then: the close waits a task, so it comes after the messages, as over a real connection.
    const close = (code: number, reason?: string) =>
      setTimeout(() => client.close(code, reason), 0);
    if (behaviour === 'tooManyStreams') {
      send({
        type: 'error',
        code: 'too_many_streams',
        message: 'This account already has 2 live streams open, the most it may; end one first',
      });
      return close(REALTIME_CLOSE.tooManyStreams, 'too_many_streams');
    }
    const query = client.url.searchParams;
    const sampleRate = Number(query.get('sample_rate') ?? REALTIME_SAMPLE_RATE);
    // The server's rule: the English model for English, the multilingual one otherwise.
    const model =
      query.get('model') ??
      (query.get('language') === 'en' ? modelsFixture.defaultEnglish : modelsFixture.default);
    const rate = modelsFixture.data.find((option) => option.id === model)?.microsPerHour ?? 0;
    send({
      type: 'ready',
      id: liveTranscriptFixture.id,
      model,
      fallback_from: null,
      language: query.get('language'),
      sample_rate: sampleRate,
      encoding: 'pcm_s16le',
    });

    const final = (phrase: (typeof livePhrasesFixture)[number], end: number) =>
      send({
        type: 'final',
        text: phrase.text,
        start: phrase.start,
        end,
        language: 'en',
        detected_language: null,
        language_fallback: false,
        words: [],
      });
    // What has been sent: [phrase, partial] indices, and whether each phrase is committed.
    const sentPartials = new Set<string>();
    const committed = new Set<number>();
    let samples = 0;
    let seconds = 0;
    let closed = false;
    let saidLag = false;

    /**
     * Commits what is still being heard (unless the stream fell behind: then what came after the
     * last final is a gap), saves and bills, says `done`, and closes with `code`.
     */
    const finish = (code: number, reason: string) => {
      let billed = seconds;
      if (behaviour === 'fellBehind') {
        billed = Math.max(0, ...[...committed].map((i) => livePhrasesFixture[i]?.end ?? 0));
        send({
          type: 'gap',
          start: billed,
          end: seconds,
          reason: 'transcription fell too far behind the stream and was stopped',
        });
      } else {
        livePhrasesFixture.forEach((phrase, index) => {
          if (committed.has(index) || !started(index)) return;
          committed.add(index);
          final(phrase, phrase.end ?? seconds);
        });
      }
      send({
        type: 'done',
        id: liveTranscriptFixture.id,
        billed_seconds: billed,
        untranscribed_seconds: Math.round((seconds - billed) * 1000) / 1000,
        cost_micros: priceMicros(billed, rate),
      });
      closed = true;
      close(code, reason);
    };
    // A phrase is under way once its first partial was sent.
    const started = (index: number) => sentPartials.has(`${index}:0`);

    client.addEventListener('message', (event) => {
      if (closed) return;
      if (typeof event.data === 'string') {
        const message = JSON.parse(event.data) as { type?: string };
        if (message.type === 'end') finish(REALTIME_CLOSE.done, 'done');
        return;
      }
      // Counted in samples, so whole frames add up to exact seconds.
      samples += byteLength(event.data) / 2;
      seconds = samples / sampleRate;
      livePhrasesFixture.forEach((phrase, index) => {
        if (committed.has(index)) return;
        phrase.partials.forEach((partial, at) => {
          const key = `${index}:${at}`;
          if (seconds < partial.at || sentPartials.has(key)) return;
          sentPartials.add(key);
          send({ type: 'partial', text: partial.text, start: phrase.start });
        });
        if (phrase.finalAt !== null && seconds >= phrase.finalAt) {
          committed.add(index);
          final(phrase, phrase.end ?? seconds);
        }
      });
      if (seconds < LIVE_CUT_SECONDS) return;
      if (behaviour === 'insufficientCredits') {
        // As the server does: the reason first, then what it heard, saved and billed.
        send({
          type: 'error',
          code: 'insufficient_credits',
          message:
            'Insufficient credits: your balance covers no more live audio; the first 0:02 were transcribed and charged.',
        });
        finish(REALTIME_CLOSE.insufficientCredits, 'insufficient_credits');
      } else if (behaviour === 'connectionLost') {
        closed = true;
        close(1006);
      } else if (behaviour === 'fellBehind' && !saidLag) {
        saidLag = true;
        send({ type: 'lag', seconds_behind: 3.4 });
      }
    });
  });
}

/** POST /api/realtime/token: a one-use token for the signed-in user. */
const realtimeToken = () =>
  on(realtimeEndpoints.sessionToken, () => HttpResponse.json<RealtimeToken>(realtimeTokenFixture));

/** The Live playground's token and stream. */
const liveHandlers = (behaviour: LiveBehaviour = 'speech') => [
  realtimeToken(),
  liveStream(behaviour),
];

/** The submitted job finishes by the first poll. */
const finishes = (id: string) =>
  id === queuedTranscriptFixture.id
    ? { ...completedTranscriptFixture, id, fileName: queuedTranscriptFixture.fileName }
    : transcriptFixture(id);

export const transcriptsHandlers = {
  default: [
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers(finishes),
    ...liveHandlers(),
  ],
  empty: [transcriptList([]), ...jobHandlers(finishes), ...liveHandlers()],
  error: failAll(appEndpoints),
  slow: slowAll(appEndpoints),
  unauthorized: unauthorizedAll(appEndpoints),
  /** The submitted job stays in the queue (two jobs ahead). */
  stillQueued: [transcriptList(transcriptSummariesFixture), ...jobHandlers(transcriptFixture)],
  /** The completed transcript stopped early: the audio decoded longer than its header said. */
  truncated: [
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers((id) => {
      const transcript = transcriptFixture(id);
      return transcript?.result
        ? { ...transcript, result: { ...transcript.result, notice: TRUNCATION_NOTICE } }
        : transcript;
    }),
  ],
  /** The completed transcript under retention: its audio goes in 6 days, the transcript in 29. */
  retention: [
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers((id) => {
      const transcript = transcriptFixture(id);
      return transcript && { ...transcript, ...retainedFixture };
    }),
  ],
  /** The completed transcript was submitted with redact_pii, filter_profanity and quality=best. */
  redacted: [
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers((id) => {
      const transcript = transcriptFixture(id);
      return transcript?.result ? { ...transcript, ...redactedFixture } : transcript;
    }),
  ],
  /** The completed transcript was submitted with multichannel: two channels, a speaker each. */
  multichannel: [
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers((id) => {
      const transcript = transcriptFixture(id);
      return transcript?.result ? { ...transcript, ...multichannelFixture } : transcript;
    }),
  ],
  /** The completed transcript's audio was deleted two hours ago; its text stays. */
  audioDeleted: [
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers((id) => {
      const transcript = transcriptFixture(id);
      return transcript && { ...transcript, ...audioDeletedFixture };
    }),
  ],
  /** Submission refused for lack of credit. */
  insufficientCredits: [
    on(transcriptEndpoints.submit, () =>
      apiError(
        'insufficient_credits',
        'Insufficient credits: this transcription costs $0.12 but your balance is $0.00.',
      ),
    ),
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers(finishes),
  ],
  deleteError: [
    on(transcriptEndpoints.delete, () =>
      apiError('internal_error', 'Could not delete the transcript. Try again.'),
    ),
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers(finishes),
  ],
  /** Saving speaker names fails on the server's side. */
  renameSpeakersError: [
    on(transcriptEndpoints.speakers, () =>
      apiError('internal_error', 'Something went wrong on our side'),
    ),
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers(finishes),
  ],
  broken: [
    on(transcriptEndpoints.list, () => new HttpResponse('Internal Server Error', { status: 500 })),
    ...jobHandlers(finishes),
  ],
  /** Live: the balance runs out mid-stream (error, done, close 4402). */
  liveInsufficientCredits: [
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers(finishes),
    ...liveHandlers('insufficientCredits'),
  ],
  /** Live: the stream is refused, too many are open (error, close 4429). */
  liveTooManyStreams: [
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers(finishes),
    ...liveHandlers('tooManyStreams'),
  ],
  /** Live: the server falls behind after the first phrase (lag), then the rest is a gap (done). */
  liveFellBehind: [
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers(finishes),
    ...liveHandlers('fellBehind'),
  ],
  /** Live: the connection drops mid-stream (close 1006, no error message). */
  liveConnectionLost: [
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers(finishes),
    ...liveHandlers('connectionLost'),
  ],
} satisfies Scenarios<string>;
