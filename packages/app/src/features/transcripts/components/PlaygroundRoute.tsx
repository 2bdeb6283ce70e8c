import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '@parlance/ui';
import { errorMessage } from '../../../store/errors';
import { useAuth } from '../../../session/useAuth';
import { AUTO_LANGUAGE } from '../../../shared/languages';
import type { SnippetRequest } from '../utils/requestSnippets';
import { transcriptFields, type TranscriptRequestInput } from '../api/transcriptRequest';
import { useListModelsQuery } from '../../../shared/modelsApi';
import { useSubmitTranscriptMutation } from '../api/transcriptsApi';
import { useTranscriptJob } from '../api/useTranscriptJob';
import { uploadResumably, type ResumableUpload, type UploadState } from '../api/resumableUpload';
import { copyText } from '../utils/copyText';
import { LivePlayground } from './LivePlayground';
import { PlaygroundScreen, type PlaygroundMode } from './PlaygroundScreen';

/** An object URL for the chosen file, revoked when it changes or the page closes. */
function useObjectUrl(file: File | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

export function PlaygroundRoute() {
  const { user } = useAuth();
  const models = useListModelsQuery();
  const [submit, submission] = useSubmitTranscriptMutation();
  const [sent, setSent] = useState<TranscriptRequestInput | null>(null);
  const job = useTranscriptJob(submission.data?.id ?? null);
  const fileUrl = useObjectUrl(sent?.file);
  // The mode is in the address (`?mode=live`), so a link can open the Live mode.
  const [search, setSearch] = useSearchParams();
  const mode: PlaygroundMode = search.get('mode') === 'live' ? 'live' : 'file';
  const setMode = (next: PlaygroundMode) =>
    setSearch(next === 'live' ? { mode: 'live' } : {}, { replace: true });

  const [upload, setUpload] = useState<UploadState | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploading = useRef<ResumableUpload | null>(null);
  useEffect(() => () => uploading.current?.abort(), []);

  // A file goes up resumably first (a dropped connection costs only a retry); then the job is
  // submitted with its upload_id. A URL is submitted at once.
  const onSubmit = (input: TranscriptRequestInput) => {
    setSent(input);
    setUploadError(null);
    submission.reset();
    uploading.current?.abort();
    uploading.current = null;
    const { file } = input;
    if (!file) return void submit(input);
    setUpload({ fileName: file.name, sent: 0, total: file.size, resuming: false });
    const started = uploadResumably(file, setUpload);
    uploading.current = started;
    const settle = () => {
      const current = uploading.current === started;
      if (current) {
        uploading.current = null;
        setUpload(null);
      }
      return current;
    };
    started.done.then(
      (uploadId) => {
        if (settle()) void submit({ ...input, uploadId });
      },
      (error: Error) => {
        if (settle()) setUploadError(error.message);
      },
    );
  };

  const request: SnippetRequest | null = sent && {
    baseUrl: window.location.origin,
    fileName: sent.file?.name ?? null,
    fields: transcriptFields(sent),
  };

  return (
    <PlaygroundScreen
      mode={mode}
      onModeChange={setMode}
      live={<LivePlayground />}
      models={models.data}
      defaultModel={user?.defaultModel ?? null}
      defaultLanguage={user?.defaultLanguage ?? AUTO_LANGUAGE}
      submitting={submission.isLoading}
      submitError={
        uploadError ??
        (submission.error
          ? errorMessage(submission.error, 'Could not start the transcription')
          : null)
      }
      onSubmit={onSubmit}
      upload={upload}
      job={job.data ?? submission.data}
      request={request}
      audioSrc={fileUrl ?? (sent?.file ? null : sent?.audioUrl) ?? null}
      onCopyText={(text) => void copyText(text, toast)}
    />
  );
}

export { PlaygroundRoute as Component };
