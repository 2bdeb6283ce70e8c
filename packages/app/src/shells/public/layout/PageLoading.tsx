import { Spinner } from '@parlance/ui';
import { Centre } from './PageLoading.styles';

/** Shown while the first page's code loads (the router's hydrate fallback). */
export function PageLoading() {
  return (
    <Centre>
      <Spinner label="Loading Parlance" size="lg" />
    </Centre>
  );
}
