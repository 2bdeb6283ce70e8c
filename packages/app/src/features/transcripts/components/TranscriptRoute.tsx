import { useNavigate, useParams } from 'react-router-dom';
import { toast } from '@parlance/ui';
import { paths } from '../../../paths';
import {
  useDeleteTranscriptAudioMutation,
  useDeleteTranscriptMutation,
  useRenameSpeakersMutation,
} from '../api/transcriptsApi';
import { useTranscriptJob } from '../api/useTranscriptJob';
import { toBlock } from '../../../shared/block';
import { copyText } from '../utils/copyText';
import { useNow } from '../../../shared/now';
import { toOutcome } from '../../../shared/outcome';
import { TranscriptScreen } from './TranscriptScreen';

export function TranscriptRoute() {
  const { id = '' } = useParams();
  const now = useNow();
  const navigate = useNavigate();
  const transcript = useTranscriptJob(id);
  const [remove, removal] = useDeleteTranscriptMutation();
  const [removeAudio, audioRemoval] = useDeleteTranscriptAudioMutation();
  const [renameSpeakers, speakerRenaming] = useRenameSpeakersMutation();
  const notFound =
    transcript.isError && 'status' in transcript.error && transcript.error.status === 404;

  const onDelete = async () => {
    const outcome = toOutcome(await remove(id), 'Could not delete the transcript', () => undefined);
    if (outcome.ok) {
      toast.success('Transcript deleted');
      navigate(paths.dashboard.history.getHref(), { replace: true });
    }
    return outcome;
  };

  const onDeleteAudio = async () => {
    const outcome = toOutcome(await removeAudio(id), 'Could not delete the audio', () => undefined);
    if (outcome.ok) toast.success('Audio deleted');
    return outcome;
  };

  const onRenameSpeakers = async (names: Record<string, string>) => {
    const outcome = toOutcome(
      await renameSpeakers({ id, names }),
      'Could not save the speaker’s name',
      () => undefined,
    );
    if (outcome.ok) toast.success('Speaker name saved');
    return outcome;
  };

  return (
    <TranscriptScreen
      transcript={toBlock(transcript, 'Failed to load the transcript')}
      notFound={notFound}
      now={now}
      deleting={removal.isLoading}
      onDelete={onDelete}
      deletingAudio={audioRemoval.isLoading}
      onDeleteAudio={onDeleteAudio}
      onCopyText={(text) => void copyText(text, toast)}
      renamingSpeakers={speakerRenaming.isLoading}
      onRenameSpeakers={onRenameSpeakers}
    />
  );
}

export { TranscriptRoute as Component };
