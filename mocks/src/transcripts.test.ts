/** The mock of GET /api/transcript/user answers the server's behaviour cases. */
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TranscriptList, TranscriptSummary } from '@parlance/server/contract';
import { LIST_CASES, LIST_ROWS } from '../../packages/server/test/behaviour/transcriptList';
import { NOW } from './support';
import { transcriptList } from './transcripts';

const rows: TranscriptSummary[] = LIST_ROWS.map((row, index) => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  audioUrl: row.audioUrl,
  fileName: row.fileName,
  createdAt: new Date(NOW.getTime() - row.minutesAgo * 60_000).toISOString(),
  status: row.status,
  audio_duration: 1,
  model: 'tiny.en',
  language: null,
  costMicros: null,
  progress: { percent: 0, stage: null },
}));
const keyOf = new Map(rows.map((row, index) => [row.id, LIST_ROWS[index]?.key]));
const textOf = new Map(rows.map((row, index) => [row.id, LIST_ROWS[index]?.text ?? null]));
// Listed in an order the server would not use: the mock must sort as the server does.
const handler = transcriptList([...rows].reverse(), (row) => textOf.get(row.id) ?? null);

describe('the transcript list mock', () => {
  it.each(LIST_CASES)('?$query', async ({ query, page, total }) => {
    const response = await getResponse(
      [handler],
      new Request(`http://localhost/api/transcript/user?${query}`),
      { baseUrl: 'http://localhost' },
    );
    const body = (await response?.json()) as TranscriptList;
    expect(body.total).toBe(total);
    expect(body.transcriptions.map((t) => keyOf.get(t.id))).toEqual(page);
  });
});
