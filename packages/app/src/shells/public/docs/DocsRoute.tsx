import { paths as openApiPaths, tags as openApiTags } from '@parlance/contract/openapi.json';
import { useApiBase } from '../../../shared/apiBase';
import { DocsScreen } from './DocsScreen';
import { groupOperations } from './operations';

const reference = groupOperations(openApiPaths, openApiTags);

/** /docs: the quick start and a reference generated at build time from packages/contract/openapi.json. */
export function Component() {
  return <DocsScreen apiBase={useApiBase()} reference={reference} />;
}
