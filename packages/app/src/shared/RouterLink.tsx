import { Link } from 'react-router-dom';
import type { LinkComponent } from '@parlance/ui';

/** react-router's Link for the UI package's `linkComponent` props (which pass `href`). */
export const RouterLink: LinkComponent = ({ href, ...rest }) => <Link to={href} {...rest} />;
