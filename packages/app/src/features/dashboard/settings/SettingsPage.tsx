import { useState } from 'react';
import { errorMessage } from '../../../store/errors';
import { useChangePasswordMutation, useUpdateAccountMutation } from '../../account/accountApi';
import { useAuth } from '../../auth/useAuth';
import { useListModelsQuery } from '../../transcripts/transcriptsApi';
import type { FormOutcome } from '../shared/formOutcome';
import { SettingsScreen, type PasswordValues, type ProfileValues } from './SettingsScreen';

export function SettingsPage() {
  const { user } = useAuth();
  const models = useListModelsQuery();
  const [updateAccount, profileState] = useUpdateAccountMutation();
  const [changePassword, passwordState] = useChangePasswordMutation();
  const [profileOutcome, setProfileOutcome] = useState<FormOutcome | null>(null);
  const [passwordOutcome, setPasswordOutcome] = useState<FormOutcome | null>(null);

  if (!user) return null;

  const saveProfile = async (values: ProfileValues) => {
    const result = await updateAccount(values);
    setProfileOutcome(
      result.error
        ? { tone: 'danger', message: errorMessage(result.error, 'Could not save your profile') }
        : { tone: 'success', message: 'Profile saved.' },
    );
  };

  const savePassword = async (values: PasswordValues) => {
    const result = await changePassword(values);
    setPasswordOutcome(
      result.error
        ? { tone: 'danger', message: errorMessage(result.error, 'Could not change your password') }
        : { tone: 'success', message: result.data.message },
    );
    return !result.error;
  };

  return (
    <SettingsScreen
      user={user}
      models={models.data}
      savingProfile={profileState.isLoading}
      profileOutcome={profileOutcome}
      onSaveProfile={saveProfile}
      changingPassword={passwordState.isLoading}
      passwordOutcome={passwordOutcome}
      onChangePassword={savePassword}
    />
  );
}

export { SettingsPage as Component };
