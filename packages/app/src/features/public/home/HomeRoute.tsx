import { useApiBase } from '../../../shared/apiBase';
import { HomePage } from './HomePage';
import { measured } from './measured';

/** / : the landing page. */
export function Component() {
  return <HomePage figures={measured} apiBase={useApiBase()} />;
}
