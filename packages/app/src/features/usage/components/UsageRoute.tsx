import { useSearchParams } from 'react-router-dom';
import { spendingCsvHref, useGetSpendingQuery } from '../api/usageApi';
import {
  DEFAULT_SPENDING_RANGE,
  SPENDING_RANGES,
  spendingRange,
  type SpendingRange,
} from '../api/spendingRange';
import { toBlock } from '../../../shared/block';
import { LOAD_FALLBACKS } from '../../../shared/messages';
import { useNow } from '../../../shared/now';
import { UsageScreen } from './UsageScreen';

const isRange = (value: string | null): value is SpendingRange =>
  SPENDING_RANGES.some((range) => range === value);

/** The range lives in the URL (?range=7d) so it survives reloads and can be shared. */
export function UsageRoute() {
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const requested = params.get('range');
  const range = isRange(requested) ? requested : DEFAULT_SPENDING_RANGE;
  const query = spendingRange(range, now);
  const spending = useGetSpendingQuery(query);
  return (
    <UsageScreen
      now={now}
      range={range}
      onRangeChange={(next) =>
        setParams(next === DEFAULT_SPENDING_RANGE ? {} : { range: next }, { replace: true })
      }
      spending={toBlock(spending, LOAD_FALLBACKS.spending)}
      exportHref={spendingCsvHref(query)}
    />
  );
}

export { UsageRoute as Component };
