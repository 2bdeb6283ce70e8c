import { useApiBase } from '../../../shared/apiBase';
import { HomeScreen } from './HomeScreen';
import { measured } from './measured';

/** / : the landing page. */
export function Component() {
  return <HomeScreen figures={measured} apiBase={useApiBase()} />;
}
