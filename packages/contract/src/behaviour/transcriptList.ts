/**
 * What GET /api/transcript/user does with its query, written once and checked twice: against the
 * server (packages/server/test/transcription.list.test.ts) and against the mock the web app's stories run on
 * (mocks/src/transcripts.test.ts), so the mock cannot claim a behaviour the server lacks.
 */

export interface ListRow {
  key: string;
  fileName: string | null;
  audioUrl: string | null;
  /** The transcript's text once completed. */
  text: string | null;
  status: 'queued' | 'processing' | 'completed' | 'error';
  /** How long ago it was submitted: lists are newest first. */
  minutesAgo: number;
}

export const LIST_ROWS: ListRow[] = [
  {
    key: 'podcast',
    fileName: 'podcast-ep42.wav',
    audioUrl: null,
    text: 'Welcome back to the show',
    status: 'completed',
    minutesAgo: 1,
  },
  {
    key: 'call',
    fileName: 'customer-call.mp3',
    audioUrl: null,
    text: 'Your invoice is overdue',
    status: 'completed',
    minutesAgo: 2,
  },
  {
    key: 'lecture',
    fileName: 'lecture.mp4',
    audioUrl: 'https://media.example.com/lecture.mp4',
    text: null,
    status: 'queued',
    minutesAgo: 3,
  },
  {
    key: 'percent',
    fileName: '100%_done.wav',
    audioUrl: null,
    text: null,
    status: 'error',
    minutesAgo: 4,
  },
];

export interface ListCase {
  /** The query string, as the app sends it. */
  query: string;
  /** Keys of the rows on the page, in order. */
  page: string[];
  total: number;
}

export const LIST_CASES: ListCase[] = [
  { query: 'page=1&limit=10', page: ['podcast', 'call', 'lecture', 'percent'], total: 4 },
  { query: 'page=2&limit=2', page: ['lecture', 'percent'], total: 4 },
  // Search looks in the file name, the audio URL and the transcript's text, ignoring case.
  { query: 'search=PODCAST', page: ['podcast'], total: 1 },
  { query: 'search=invoice', page: ['call'], total: 1 },
  { query: 'search=media.example.com', page: ['lecture'], total: 1 },
  // % and _ are plain characters, not patterns.
  { query: 'search=100%25_', page: ['percent'], total: 1 },
  { query: 'search=0%25', page: ['percent'], total: 1 },
  { query: 'search=e&status=completed', page: ['podcast', 'call'], total: 2 },
  { query: 'status=queued', page: ['lecture'], total: 1 },
  { query: 'status=all', page: ['podcast', 'call', 'lecture', 'percent'], total: 4 },
  { query: 'search=nothing%20like%20this', page: [], total: 0 },
];
