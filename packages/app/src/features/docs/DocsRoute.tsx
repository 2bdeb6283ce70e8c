import { paths as openApiPaths } from '../../../../server/openapi.json';
import { useApiBase } from '../../shared/apiBase';
import { DocsPage } from './DocsPage';
import { groupOperations } from './operations';

const reference = groupOperations(openApiPaths);

/** /docs: the quick start and a reference generated at build time from packages/server/openapi.json. */
export function Component() {
  return <DocsPage apiBase={useApiBase()} reference={reference} />;
}
