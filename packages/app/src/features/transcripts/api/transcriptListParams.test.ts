import { describe, expect, it } from 'vitest';
import { transcriptListParams } from './transcriptListParams';

describe('transcriptListParams', () => {
  it('defaults to page 1 and limit 10', () => {
    expect(transcriptListParams()).toEqual({ page: 1, limit: 10 });
    expect(transcriptListParams({})).toEqual({ page: 1, limit: 10 });
  });

  it('keeps the page and limit it is given', () => {
    expect(transcriptListParams({ page: 3, limit: 3 })).toEqual({ page: 3, limit: 3 });
  });

  it('sends search only when set', () => {
    expect(transcriptListParams({ search: 'interview' })).toEqual({
      page: 1,
      limit: 10,
      search: 'interview',
    });
    expect(transcriptListParams({ search: '' })).not.toHaveProperty('search');
    expect(transcriptListParams({ search: '   ' })).not.toHaveProperty('search');
  });

  it("sends status only when set and not 'all'", () => {
    expect(transcriptListParams({ status: 'completed' })).toEqual({
      page: 1,
      limit: 10,
      status: 'completed',
    });
    expect(transcriptListParams({ status: 'error' }).status).toBe('error');
    expect(transcriptListParams({ status: 'all' })).not.toHaveProperty('status');
    expect(transcriptListParams({ status: undefined })).not.toHaveProperty('status');
  });
});
