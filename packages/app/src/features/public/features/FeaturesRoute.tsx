import { FeaturesPage } from './FeaturesPage';

/** /features */
export function Component() {
  return <FeaturesPage />;
}
