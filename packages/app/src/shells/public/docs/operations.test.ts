import { describe, expect, test } from 'vitest';
import { paths, tags } from '@parlance/contract/openapi.json';
import { groupOperations } from './operations';

describe('groupOperations', () => {
  test("groups by first tag, in the document's order of tags, methods in a fixed order", () => {
    const groups = groupOperations(
      {
        '/api/health': { get: { summary: 'Liveness', tags: ['system'] } },
        '/v1/transcript/{id}': {
          delete: { summary: 'Delete', tags: ['transcription'] },
          get: { summary: 'Status', tags: ['transcription'] },
        },
        '/api/widgets': { post: { tags: ['widgets'] } },
      },
      [
        { name: 'transcription', 'x-displayName': 'Transcription' },
        { name: 'system', 'x-displayName': 'System' },
      ],
    );
    expect(groups).toEqual([
      {
        tag: 'transcription',
        title: 'Transcription',
        operations: [
          { method: 'GET', path: '/v1/transcript/{id}', summary: 'Status' },
          { method: 'DELETE', path: '/v1/transcript/{id}', summary: 'Delete' },
        ],
      },
      {
        tag: 'system',
        title: 'System',
        operations: [{ method: 'GET', path: '/api/health', summary: 'Liveness' }],
      },
      {
        tag: 'widgets',
        title: 'widgets',
        operations: [{ method: 'POST', path: '/api/widgets', summary: '' }],
      },
    ]);
  });

  test('the server contract lists the transcription endpoints the quick start uses', () => {
    const operations = groupOperations(paths, tags).flatMap((group) => group.operations);
    const names = operations.map((op) => `${op.method} ${op.path}`);
    expect(names).toContain('POST /v1/transcript');
    expect(names).toContain('GET /v1/transcript/{id}');
    expect(names).toContain('POST /v1/audio/transcriptions');
  });
});
