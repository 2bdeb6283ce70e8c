import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { PublicLayout } from '@parlance/ui';
import { paths } from '../../../paths';
import { useNow } from '../../../shared/now';
import { RouterLink } from '../../../shared/RouterLink';
import { useMadeStore } from '../../../store/deferredStore';
import { footerColumns, headerHrefs, headerLinks } from './navigation';
import type { HeaderSession } from './SessionStatus';

const SessionStatus = lazy(() => import('./SessionStatus'));

/** Signed out: what the header shows until the session is known. */
const noSession: HeaderSession = { signedIn: false, logout: () => Promise.resolve() };

/** Header (session-aware), footer and page chrome of every public page and of the router's error view. */
export function PublicFrame({
  children,
  animate = false,
}: {
  children: ReactNode;
  animate?: boolean;
}) {
  const [{ signedIn, logout }, setSession] = useState(noSession);
  // The session is asked for once the app's store is made (at once where the browser may hold a
  // session, else when a page needs the store): the home page of a signed-out visitor never loads it.
  // Undefined: no store is deferred (tests, stories), the Provider above has one.
  const store = useMadeStore();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A page that rewrites its own address (the reset page dropping its token) or a redirect is not
  // a new page: the transition, keyed by the path, plays (and mounts the page afresh) only when a
  // navigation adds or leaves a history entry.
  const replaced = useNavigationType() === 'REPLACE';
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath && !replaced) setShownPath(pathname);
  const year = useNow().getUTCFullYear();
  const signOut = async () => {
    await logout();
    navigate(paths.home.getHref());
  };
  return (
    <>
      {store !== null && (
        <Suspense>
          <SessionStatus store={store} onChange={setSession} />
        </Suspense>
      )}
      <PublicLayout
        links={headerLinks}
        hrefs={headerHrefs}
        footerColumns={footerColumns}
        signedIn={signedIn}
        onLogout={() => void signOut()}
        currentPath={pathname}
        linkComponent={RouterLink}
        transitionKey={animate ? shownPath : undefined}
        footerYear={year}
      >
        {children}
      </PublicLayout>
    </>
  );
}
