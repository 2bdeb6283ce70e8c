import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Spinner } from '@parlance/ui';
import { paths } from '../../../paths';
import { useAppDispatch } from '../../../store/hooks';
import { sessionApi } from '../../../session/sessionApi';
import { afterSignIn } from '../../../session/signInReturn';
import type { AuthLocationState } from '../authLocationState';
import { AuthCard } from '../components/AuthCard';

export const GOOGLE_SIGN_IN_FAILED =
  'Google sign-in did not complete. Try again, or sign in with your email and password.';

/**
 * /auth/callback: where Google sign-in lands. Re-checks the session, then goes where the visitor
 * was headed (the return path Google sign-in carried, else the overview), or back to sign-in.
 */
export function Component() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();

  useEffect(() => {
    const check = dispatch(
      sessionApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }),
    );
    let active = true;
    void check.then(({ data }) => {
      if (!active) return;
      if (data) {
        navigate(afterSignIn(search), { replace: true });
      } else {
        const state: AuthLocationState = { notice: GOOGLE_SIGN_IN_FAILED };
        navigate(paths.login.getHref(), { replace: true, state });
      }
    });
    return () => {
      active = false;
    };
  }, [dispatch, navigate, search]);

  return (
    <AuthCard title="Signing you in" subtitle="Checking your Google sign-in…">
      <Spinner label="Checking your session" showLabel />
    </AuthCard>
  );
}
