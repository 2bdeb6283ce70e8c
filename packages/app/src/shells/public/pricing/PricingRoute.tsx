import { errorMessage } from '../../../store/errors';
import { PricingScreen } from './PricingScreen';
import { useRatesQuery } from '../../../features/billing/api/ratesApi';

/** /pricing: the public rate table from GET /api/billing/rates. */
export function Component() {
  const { data, isLoading, error, refetch } = useRatesQuery();
  return (
    <PricingScreen
      rates={data}
      loading={isLoading}
      error={error ? errorMessage(error, 'Failed to load prices') : undefined}
      onRetry={() => void refetch()}
    />
  );
}
