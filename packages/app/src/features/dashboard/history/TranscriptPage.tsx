import { useNavigate, useParams } from 'react-router-dom';
import { toast } from '@parlance/ui';
import { paths } from '../../../paths';
import { useDeleteTranscriptMutation } from '../../transcripts/transcriptsApi';
import { useTranscriptJob } from '../../transcripts/useTranscriptJob';
import { toBlock } from '../shared/block';
import { copyText } from '../shared/copyText';
import { useNow } from '../../../shared/now';
import { toOutcome } from '../shared/outcome';
import { TranscriptScreen } from './TranscriptScreen';

export function TranscriptPage() {
  const { id = '' } = useParams();
  const now = useNow();
  const navigate = useNavigate();
  const transcript = useTranscriptJob(id);
  const [remove, removal] = useDeleteTranscriptMutation();
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

  return (
    <TranscriptScreen
      transcript={toBlock(transcript, 'Failed to load the transcript')}
      notFound={notFound}
      now={now}
      deleting={removal.isLoading}
      onDelete={onDelete}
      onCopyText={(text) => void copyText(text, toast)}
    />
  );
}

export { TranscriptPage as Component };
