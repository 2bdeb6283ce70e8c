import { ToastViewport } from '@parlance/ui';
import { NOW } from '@parlance/mocks';
import { ApiBaseProvider } from '../shared/apiBase';
import { NowProvider } from '../shared/now';
import { RouteStory } from './RouteStory';

/**
 * A public page story: the real route table at `path`, with the fixtures' fixed "now" and a fixed API address in code samples (stories set
 * `parameters.router.disable`; MSW scenarios come from `parameters.msw`).
 */
export function PublicStory({ path, state }: { path: string; state?: unknown }) {
  return (
    <NowProvider now={NOW}>
      <ApiBaseProvider value="https://api.parlance.example">
        <RouteStory path={path} state={state} />
        <ToastViewport />
      </ApiBaseProvider>
    </NowProvider>
  );
}
