import { waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { makeStore } from '../../../store/store';
import { recordRequests } from '../../../test/recordRequests';
import { transcriptsApi } from './transcriptsApi';

const call = recordRequests();

describe('transcript calls', () => {
  test('the user list sends page 1 and limit 10 by default, search and status only when set', async () => {
    expect(
      (await call((d) => d(transcriptsApi.endpoints.listTranscriptions.initiate()))).query,
    ).toBe('?page=1&limit=10');
    expect(
      (
        await call((d) =>
          d(
            transcriptsApi.endpoints.listTranscriptions.initiate({
              page: 1,
              limit: 3,
              status: 'all',
              search: '',
            }),
          ),
        )
      ).query,
    ).toBe('?page=1&limit=3');
    expect(
      (
        await call((d) =>
          d(
            transcriptsApi.endpoints.listTranscriptions.initiate({
              page: 2,
              search: 'call',
              status: 'error',
            }),
          ),
        )
      ).query,
    ).toBe('?page=2&limit=10&search=call&status=error');
  });

  test('submit is multipart; detail and delete go to /v1/transcript/{id}', async () => {
    const submitted = await call((d) =>
      d(
        transcriptsApi.endpoints.submitTranscript.initiate({
          audioUrl: 'https://x.test/a.mp3',
          model: 'base',
          language: 'auto',
          timestampStyle: 'word',
        }),
      ),
    );
    expect(submitted).toMatchObject({ method: 'POST', path: '/v1/transcript' });
    expect(Object.fromEntries((submitted.body as FormData).entries())).toEqual({
      audio_url: 'https://x.test/a.mp3',
      timestamp_style: 'word',
      model: 'base',
      language: 'auto',
    });
    const id = '7d3e8f20-4a1b-4c5d-9e6f-000000000002';
    expect((await call((d) => d(transcriptsApi.endpoints.getTranscript.initiate(id)))).path).toBe(
      `/v1/transcript/${id}`,
    );
    expect(
      await call((d) => d(transcriptsApi.endpoints.deleteTranscript.initiate(id))),
    ).toMatchObject({
      method: 'DELETE',
      path: `/v1/transcript/${id}`,
    });
  });

  test('speaker names are a PUT of { names } to /v1/transcript/{id}/speakers', async () => {
    const id = '7d3e8f20-4a1b-4c5d-9e6f-000000000003';
    const names = { A: 'Dana Whitfield', B: 'Priya Raman' };
    expect(
      await call((d) => d(transcriptsApi.endpoints.renameSpeakers.initiate({ id, names }))),
    ).toMatchObject({ method: 'PUT', path: `/v1/transcript/${id}/speakers`, body: { names } });
  });

  test('the transcript the speaker names answer with replaces the cached one', async () => {
    const id = '7d3e8f20-4a1b-4c5d-9e6f-000000000003';
    const store = makeStore();
    const cached = () => transcriptsApi.endpoints.getTranscript.select(id)(store.getState()).data;
    const subscription = store.dispatch(transcriptsApi.endpoints.getTranscript.initiate(id));
    await subscription;
    expect(cached()?.speaker_names).toEqual({ A: 'Dana Whitfield' });
    await store.dispatch(
      transcriptsApi.endpoints.renameSpeakers.initiate({ id, names: { B: 'Priya Raman' } }),
    );
    await waitFor(() => expect(cached()?.speaker_names).toEqual({ B: 'Priya Raman' }));
    subscription.unsubscribe();
  });

  test('a live stream token is a POST to /api/realtime/token with no body', async () => {
    const sent = await call((d) => d(transcriptsApi.endpoints.createRealtimeToken.initiate()));
    expect(sent).toMatchObject({ method: 'POST', path: '/api/realtime/token', body: undefined });
  });
});
