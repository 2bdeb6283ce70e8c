import { useEffect, useState } from 'react';
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

  const onSubmit = (input: TranscriptRequestInput) => {
    setSent(input);
    void submit(input);
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
        submission.error
          ? errorMessage(submission.error, 'Could not start the transcription')
          : null
      }
      onSubmit={onSubmit}
      job={job.data ?? submission.data}
      request={request}
      audioSrc={fileUrl ?? (sent?.file ? null : sent?.audioUrl) ?? null}
      onCopyText={(text) => void copyText(text, toast)}
    />
  );
}

export { PlaygroundRoute as Component };
