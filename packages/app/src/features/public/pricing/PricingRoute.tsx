import { errorMessage } from '../../../store/errors';
import { PricingPage } from './PricingPage';
import { useRatesQuery } from './ratesApi';

/** /pricing: the public rate table from GET /api/billing/rates. */
export function Component() {
  const { data, isLoading, error, refetch } = useRatesQuery();
  return (
    <PricingPage
      rates={data}
      loading={isLoading}
      error={error ? errorMessage(error, 'Failed to load prices') : undefined}
      onRetry={() => void refetch()}
    />
  );
}
