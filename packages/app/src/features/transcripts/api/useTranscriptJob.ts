import { skipToken } from '@reduxjs/toolkit/query/react';
import type { TranscriptStatus } from '@parlance/contract';
import { transcriptsApi, useGetTranscriptQuery } from './transcriptsApi';

/** While a job is queued or processing its status is polled this often. */
export const TRANSCRIPT_POLL_MS = 2000;

const ACTIVE: ReadonlySet<TranscriptStatus> = new Set(['queued', 'processing']);

export const isActiveStatus = (status: TranscriptStatus) => ACTIVE.has(status);

/** A transcript, polled every 2 s while it is queued or processing; not once it settles or fails to load. */
export function useTranscriptJob(id: string | null) {
  const arg = id ?? skipToken;
  const { data: known, isError } = transcriptsApi.endpoints.getTranscript.useQueryState(arg);
  const polling = known ? isActiveStatus(known.status) : !isError;
  return useGetTranscriptQuery(arg, { pollingInterval: polling ? TRANSCRIPT_POLL_MS : 0 });
}
