import { useRouteError } from 'react-router-dom';
import { paths } from '../../../paths';
import { useDocumentTitle } from '../../../shared/pageTitle';
import { CtaLink } from '../layout/CtaLink';
import {
  ErrorCode,
  ErrorDetail,
  ErrorHelp,
  ErrorLinks,
  ErrorRoot,
  ErrorTitle,
} from './RouteErrorScreen.styles';
import { Link } from '../../../shared/RouterLink';
import { describeRouteError } from './describeRouteError';

/** The router's error view: the required heading, then the error's status and text or message. */
export function RouteErrorScreen() {
  const { detail, notFound } = describeRouteError(useRouteError());
  useDocumentTitle(notFound ? 'Page not found' : 'Something went wrong');
  return (
    <ErrorRoot aria-labelledby="route-error-title">
      <ErrorCode aria-hidden="true">{notFound ? '404' : '!'}</ErrorCode>
      <ErrorTitle id="route-error-title">Unexpected Application Error!</ErrorTitle>
      <ErrorDetail>{detail}</ErrorDetail>
      <ErrorHelp>
        {notFound
          ? 'There is no page at this address. It may have moved, or the link may be mistyped.'
          : 'Something broke while showing this page. Reloading usually helps; if it keeps happening, tell us.'}
      </ErrorHelp>
      <ErrorLinks>
        <CtaLink to={paths.home.getHref()}>Back to the home page</CtaLink>
        <CtaLink
          to={notFound ? paths.docs.getHref() : paths.contact.getHref()}
          $variant="secondary"
        >
          {notFound ? 'Read the API docs' : 'Contact support'}
        </CtaLink>
      </ErrorLinks>
      {notFound && (
        <ErrorHelp>
          Looking for your transcripts?{' '}
          <Link to={paths.dashboard.overview.getHref()}>Open the dashboard</Link>.
        </ErrorHelp>
      )}
    </ErrorRoot>
  );
}
