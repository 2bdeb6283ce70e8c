import { useState } from 'react';
import { useChangePasswordMutation, useUpdateAccountMutation } from '../api/accountApi';
import { useAuth } from '../../../session/useAuth';
import { useListModelsQuery } from '../../../shared/modelsApi';
import { toOutcome, type Outcome } from '../../../shared/outcome';
import {
  SettingsScreen,
  type PasswordValues,
  type ProfileValues,
  type RetentionValues,
} from './SettingsScreen';

export function SettingsRoute() {
  const { user } = useAuth();
  const models = useListModelsQuery();
  const [updateAccount, profileState] = useUpdateAccountMutation();
  const [updateRetention, retentionState] = useUpdateAccountMutation();
  const [changePassword, passwordState] = useChangePasswordMutation();
  const [profileOutcome, setProfileOutcome] = useState<Outcome<string> | null>(null);
  const [retentionOutcome, setRetentionOutcome] = useState<Outcome<string> | null>(null);
  const [passwordOutcome, setPasswordOutcome] = useState<Outcome<string> | null>(null);

  if (!user) return null;

  const saveProfile = async (values: ProfileValues) => {
    const result = await updateAccount(values);
    setProfileOutcome(toOutcome(result, 'Could not save your profile', () => 'Profile saved.'));
  };

  const saveRetention = async (values: RetentionValues) => {
    const result = await updateRetention(values);
    setRetentionOutcome(toOutcome(result, 'Could not save retention', () => 'Retention saved.'));
  };

  const savePassword = async (values: PasswordValues) => {
    const result = await changePassword(values);
    setPasswordOutcome(toOutcome(result, 'Could not change your password', (data) => data.message));
    return !result.error;
  };

  return (
    <SettingsScreen
      user={user}
      models={models.data}
      savingProfile={profileState.isLoading}
      profileOutcome={profileOutcome}
      onSaveProfile={saveProfile}
      savingRetention={retentionState.isLoading}
      retentionOutcome={retentionOutcome}
      onSaveRetention={saveRetention}
      changingPassword={passwordState.isLoading}
      passwordOutcome={passwordOutcome}
      onChangePassword={savePassword}
    />
  );
}

export { SettingsRoute as Component };
