import { useAuth } from '../../../session/useAuth';
import { AUTO_LANGUAGE } from '../../../shared/languages';
import { useListModelsQuery } from '../../../shared/modelsApi';
import { useLiveTranscription } from '../api/useLiveTranscription';
import { LivePanel } from './LivePanel';
import { useOpenMicrophone } from './MicrophoneProvider';

/** The playground's Live mode: the microphone streamed to `/v1/realtime` while it is shown. */
export function LivePlayground() {
  const { user } = useAuth();
  const models = useListModelsQuery();
  const live = useLiveTranscription(useOpenMicrophone());
  return (
    <LivePanel
      state={live.state}
      models={models.data}
      defaultModel={user?.defaultModel ?? null}
      defaultLanguage={user?.defaultLanguage ?? AUTO_LANGUAGE}
      onStart={live.start}
      onStop={live.stop}
    />
  );
}
