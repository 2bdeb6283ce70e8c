import { describe, expect, test } from 'vitest';
import { components, paths, tags } from '@parlance/contract/openapi.json';
import { groupOperations, typeOf } from './operations';

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
    expect(groups).toMatchObject([
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

  test('lists what each operation takes (parameters, then body fields) and answers', () => {
    const [group] = groupOperations(
      {
        '/v1/things/{id}': {
          put: {
            tags: ['things'],
            description: 'Renames a thing',
            parameters: [
              {
                name: 'id',
                in: 'path',
                required: true,
                schema: { type: 'string', format: 'uuid' },
              },
              { name: 'dry_run', in: 'query', schema: { type: 'boolean', default: false } },
            ],
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Rename' } } },
            },
            responses: { '200': {}, '404': {}, '400': {} },
          },
        },
      },
      [],
      {
        Rename: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 40, description: 'The new name' },
          },
        },
      },
    );
    expect(group?.operations[0]).toEqual({
      method: 'PUT',
      path: '/v1/things/{id}',
      summary: '',
      description: 'Renames a thing',
      fields: [
        { name: 'id', where: 'path', required: true, type: 'string (id)', description: '' },
        {
          name: 'dry_run',
          where: 'query',
          required: false,
          type: 'boolean, default false',
          description: '',
        },
        {
          name: 'name',
          where: 'body',
          required: true,
          type: 'string, 1 to 40 characters',
          description: 'The new name',
        },
      ],
      statuses: ['200', '400', '404'],
    });
  });

  test('puts a schema in words: choices, ranges, lists, defaults', () => {
    expect(typeOf({ type: 'string', enum: ['none', 'segment', 'word'], default: 'segment' })).toBe(
      'one of none, segment, word, default segment',
    );
    expect(typeOf({ type: 'integer', minimum: 1, maximum: 100, default: 10 })).toBe(
      'integer, 1 to 100, default 10',
    );
    expect(
      typeOf({
        type: 'array',
        maxItems: 100,
        items: { type: 'string', minLength: 1, maxLength: 50 },
      }),
    ).toBe('list of string, 1 to 50 characters, at most 100 items');
    expect(typeOf({ anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }] })).toBe(
      'string (URL)',
    );
  });

  test("the submission's fields come from the server's document, with their limits", () => {
    const submit = groupOperations(paths, tags, components.schemas)
      .flatMap((group) => group.operations)
      .find((op) => op.method === 'POST' && op.path === '/v1/transcript');
    const field = (name: string) => submit?.fields.find((f) => f.name === name);
    expect(field('keyterms')?.type).toBe('list of string, 1 to 50 characters, at most 100 items');
    expect(field('speakers_expected')?.type).toBe('integer, 1 to 10');
    expect(field('timestamp_style')?.description).toContain('word: of each word too');
    expect(submit?.statuses).toEqual(expect.arrayContaining(['202', '402', '413', '429']));
  });

  test('the server contract lists the transcription endpoints the quick start uses', () => {
    const operations = groupOperations(paths, tags).flatMap((group) => group.operations);
    const names = operations.map((op) => `${op.method} ${op.path}`);
    expect(names).toContain('POST /v1/transcript');
    expect(names).toContain('GET /v1/transcript/{id}');
    expect(names).toContain('POST /v1/audio/transcriptions');
  });
});
