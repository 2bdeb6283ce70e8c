import {
  components,
  paths as openApiPaths,
  tags as openApiTags,
} from '@parlance/contract/openapi.json';
import { formatUsd } from '@parlance/contract/money';
import { useApiBase } from '../../../shared/apiBase';
import { useConfigQuery } from '../../../shared/configApi';
import { DocsScreen } from './DocsScreen';
import { groupOperations } from './operations';

const reference = groupOperations(openApiPaths, openApiTags, components.schemas);

/** /docs: the quick start and a reference generated at build time from packages/contract/openapi.json. */
export function Component() {
  const { data: config } = useConfigQuery();
  const credit = config?.signupCreditMicros;
  return (
    <DocsScreen
      apiBase={useApiBase()}
      reference={reference}
      signupCredit={credit ? formatUsd(credit) : null}
      limits={config?.limits ?? null}
    />
  );
}
