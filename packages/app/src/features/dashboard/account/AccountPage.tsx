import { useNavigate } from 'react-router-dom';
import { toast } from '@parlance/ui';
import { paths } from '../../../paths';
import { errorMessage } from '../../../store/errors';
import { useDeleteAccountMutation, useLogoutEverywhereMutation } from '../../account/accountApi';
import { useAuth } from '../../auth/useAuth';
import { toOutcome } from '../shared/outcome';
import { AccountScreen } from './AccountScreen';

export function AccountPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [logoutEverywhere, signOut] = useLogoutEverywhereMutation();
  const [deleteAccount, deletion] = useDeleteAccountMutation();
  if (!user) return null;

  const onSignOutEverywhere = async () => {
    const result = await logoutEverywhere();
    if (result.error)
      toast.destructive(errorMessage(result.error, 'Could not sign out everywhere'));
    else navigate(paths.login.getHref(), { replace: true });
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
        if (outcome.ok) navigate(paths.home.getHref(), { replace: true });
        return outcome;
      }}
    />
  );
}

export { AccountPage as Component };
