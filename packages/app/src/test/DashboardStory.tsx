import { ToastViewport } from '@parlance/ui';
import { NOW } from '@parlance/mocks';
import { RouteStory } from './RouteStory';
import { NowProvider } from '../shared/now';

/**
 * A dashboard page story: the real route table at `path` with the fixtures' fixed "now" and the
 * toasts (stories set `parameters.router.disable`; MSW scenarios come from `parameters.msw`).
 */
export function DashboardStory({ path }: { path: string }) {
  return (
    <NowProvider now={NOW}>
      <RouteStory path={path} />
      <ToastViewport />
    </NowProvider>
  );
}
