import { http, HttpResponse } from 'msw';
import type {
  ErrorResponse,
  MessageResponse,
  SpeechModelList,
  Transcript,
  TranscriptList,
  TranscriptSummary,
} from '@parlance/server/contract';
import {
  apiHref,
  TRANSCRIPT_LIST_DEFAULT_LIMIT,
  TRANSCRIPT_LIST_FIRST_PAGE,
  transcriptPaths,
} from '@parlance/server/endpoints';
import {
  completedTranscriptFixture,
  exportFixture,
  modelsFixture,
  queuedTranscriptFixture,
  transcriptFixture,
  transcriptSummariesFixture,
} from './fixtures/transcripts';
import {
  apiError,
  failAll,
  slowAll,
  unauthorizedAll,
  type Endpoint,
  type Scenarios,
} from './support';

const done = apiHref(transcriptPaths.transcript, { id: completedTranscriptFixture.id });

export const transcriptsEndpoints = [
  { method: 'get', path: transcriptPaths.list },
  {
    method: 'post',
    path: transcriptPaths.submit,
    example: { body: { audio_url: 'https://media.example.com/recordings/new-upload.mp3' } },
  },
  { method: 'get', path: transcriptPaths.transcript, example: { url: done } },
  { method: 'get', path: transcriptPaths.export, example: { url: `${done}/txt` } },
  { method: 'delete', path: transcriptPaths.transcript, example: { url: done } },
  { method: 'get', path: transcriptPaths.models },
] as const satisfies readonly Endpoint[];

/** The server's wording (packages/server/src/transcription/jobs/processor.ts). */
const TRUNCATION_NOTICE =
  "Only the first 5 min of the audio were transcribed and charged: your balance covers no more (the file's header said 2 s).";

const notFound = () => apiError(404, 'Transcript not found', 'transcript_not_found');

/**
 * GET /api/transcript/user as the server answers it (the cases in
 * packages/server/test/behaviour/transcriptList.ts hold both to it): newest first; search in the
 * file name, the audio URL and the transcript's text, ignoring case; a status filter; pages.
 */
export function transcriptList(
  rows: TranscriptSummary[],
  textOf: (row: TranscriptSummary) => string | null = (row) =>
    transcriptFixture(row.id)?.result?.text ?? null,
) {
  return http.get(transcriptPaths.list, ({ request }) => {
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

/** Detail, exports, delete, submit and models; `poll` answers the detail of the submitted job. */
function jobHandlers(poll: (id: string) => Transcript | undefined) {
  return [
    http.post(transcriptPaths.submit, () =>
      HttpResponse.json<Transcript>(queuedTranscriptFixture, { status: 202 }),
    ),
    http.get<{ id: string }, never, Transcript | ErrorResponse>(
      transcriptPaths.transcript,
      ({ params }) => {
        const transcript = poll(String(params.id));
        return transcript ? HttpResponse.json<Transcript>(transcript) : notFound();
      },
    ),
    http.get(transcriptPaths.export, ({ params }) => {
      const format = String(params.format);
      if (format !== 'txt' && format !== 'srt' && format !== 'vtt' && format !== 'json')
        return notFound();
      return new HttpResponse(exportFixture(format), {
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
    }),
    http.delete(transcriptPaths.transcript, () =>
      HttpResponse.json<MessageResponse>({ message: 'Transcript deleted' }),
    ),
    http.get(transcriptPaths.models, () => HttpResponse.json<SpeechModelList>(modelsFixture)),
  ];
}

/** The submitted job finishes by the first poll. */
const finishes = (id: string) =>
  id === queuedTranscriptFixture.id
    ? { ...completedTranscriptFixture, id, fileName: queuedTranscriptFixture.fileName }
    : transcriptFixture(id);

export const transcriptsHandlers = {
  default: [transcriptList(transcriptSummariesFixture), ...jobHandlers(finishes)],
  empty: [transcriptList([]), ...jobHandlers(finishes)],
  error: failAll(transcriptsEndpoints),
  slow: slowAll(transcriptsEndpoints),
  unauthorized: unauthorizedAll(transcriptsEndpoints),
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
  /** Submission refused for lack of credit. */
  insufficientCredits: [
    http.post(transcriptPaths.submit, () =>
      apiError(
        402,
        'Insufficient credits: this transcription costs $0.12 but your balance is $0.00.',
        'insufficient_credits',
      ),
    ),
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers(finishes),
  ],
  deleteError: [
    http.delete(transcriptPaths.transcript, () =>
      apiError(500, 'Could not delete the transcript. Try again.', 'internal_error'),
    ),
    transcriptList(transcriptSummariesFixture),
    ...jobHandlers(finishes),
  ],
  broken: [
    http.get(
      transcriptPaths.list,
      () => new HttpResponse('Internal Server Error', { status: 500 }),
    ),
    ...jobHandlers(finishes),
  ],
} satisfies Scenarios<string>;
