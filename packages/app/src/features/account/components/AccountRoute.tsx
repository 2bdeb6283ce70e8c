import { useNavigate } from 'react-router-dom';
import { toast } from '@parlance/ui';
import { paths } from '../../../paths';
import { errorMessage } from '../../../store/errors';
import { useAppDispatch } from '../../../store/hooks';
import { useDeleteAccountMutation, useLogoutEverywhereMutation } from '../api/accountApi';
import { endSession } from '../../../session/sessionApi';
import { useAuth } from '../../../session/useAuth';
import { toOutcome } from '../../../shared/outcome';
import { AccountScreen } from './AccountScreen';

export function AccountRoute() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [logoutEverywhere, signOut] = useLogoutEverywhereMutation();
  const [deleteAccount, deletion] = useDeleteAccountMutation();
  if (!user) return null;

  const onSignOutEverywhere = async () => {
    const result = await logoutEverywhere();
    if (result.error) {
      toast.destructive(errorMessage(result.error, 'Could not sign out everywhere'));
      return;
    }
    // Signed out, the dashboard's guard sends the browser to /login.
    dispatch(endSession());
  };

  return (
    <AccountScreen
      user={user}
      signingOut={signOut.isLoading}
      onSignOutEverywhere={() => void onSignOutEverywhere()}
      deleting={deletion.isLoading}
      onDeleteAccount={async (body) => {
        const outcome = toOutcome(
          await deleteAccount(body),
          'Could not delete your account',
          () => undefined,
        );
        if (outcome.ok) {
          // Home first, committed at once (flushSync): ended while the dashboard is still
          // mounted, the session's guard would send the browser to /login instead.
          await navigate(paths.home.getHref(), { replace: true, flushSync: true });
          dispatch(endSession());
        }
        return outcome;
      }}
    />
  );
}

export { AccountRoute as Component };
