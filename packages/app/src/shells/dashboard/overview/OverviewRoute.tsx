import { TRANSCRIPT_LIST_FIRST_PAGE } from '@parlance/contract/endpoints';
import { useGetBillingInfoQuery } from '../../../features/billing/api/billingApi';
import { useListTranscriptionsQuery } from '../../../features/transcripts/api/transcriptsApi';
import {
  useGetUsageChartQuery,
  useGetUsageOverviewQuery,
} from '../../../features/usage/api/usageApi';
import { toBlock } from '../../../shared/block';
import { LOAD_FALLBACKS } from '../../../shared/messages';
import { useNow } from '../../../shared/now';
import { OverviewScreen } from './OverviewScreen';

/** Transcriptions shown on the overview. */
export const RECENT_TRANSCRIPTIONS = 3;

export function OverviewRoute() {
  const now = useNow();
  const stats = useGetUsageOverviewQuery();
  const chart = useGetUsageChartQuery();
  const billing = useGetBillingInfoQuery();
  const recent = useListTranscriptionsQuery({
    page: TRANSCRIPT_LIST_FIRST_PAGE,
    limit: RECENT_TRANSCRIPTIONS,
  });
  const recentBlock = toBlock(recent, LOAD_FALLBACKS.transcriptions);
  return (
    <OverviewScreen
      now={now}
      stats={toBlock(stats, LOAD_FALLBACKS.stats)}
      chart={toBlock(chart, LOAD_FALLBACKS.chart)}
      billing={toBlock(billing, LOAD_FALLBACKS.billing)}
      recent={{ ...recentBlock, data: recent.currentData?.transcriptions }}
    />
  );
}

export { OverviewRoute as Component };
