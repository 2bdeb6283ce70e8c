import { FeaturesScreen } from './FeaturesScreen';

/** /features */
export function Component() {
  return <FeaturesScreen />;
}
