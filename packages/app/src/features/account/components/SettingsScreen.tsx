import { useState, type FormEvent } from 'react';
import type { SpeechModelList, User } from '@parlance/contract';
import { DEFAULT_FALLBACK_LANGUAGE } from '@parlance/contract/endpoints';
import { Button, Card, PasswordField, Select, TextField } from '@parlance/ui';
import { AUTO_LANGUAGE, LANGUAGES } from '../../../shared/languages';
import type { Outcome } from '../../../shared/outcome';
import { OutcomeAlert } from '../../../shared/OutcomeAlert';
import { PageHeader } from '../../../shared/PageHeader';
import { Stack } from '../../../shared/PageHeader.styles';
import { Form } from './SettingsScreen.styles';

export interface ProfileValues {
  name: string;
  defaultModel: string | null;
  defaultLanguage: string | null;
  fallbackLanguage: string;
}

export interface PasswordValues {
  currentPassword?: string;
  newPassword: string;
}

export interface SettingsScreenProps {
  user: User;
  models: SpeechModelList | undefined;
  savingProfile: boolean;
  profileOutcome: Outcome<string> | null;
  onSaveProfile: (values: ProfileValues) => void;
  changingPassword: boolean;
  passwordOutcome: Outcome<string> | null;
  /** Resolves true when the password changed (the form then clears). */
  onChangePassword: (values: PasswordValues) => Promise<boolean>;
}

const ServerDefault = '';
const FALLBACK_OPTIONS = LANGUAGES.filter((option) => option.value !== AUTO_LANGUAGE);

/** Profile (name, default model, language and fallback language) and password. */
export function SettingsScreen(props: SettingsScreenProps) {
  const { user, models } = props;
  const [name, setName] = useState(user.name);
  const [model, setModel] = useState(user.defaultModel ?? ServerDefault);
  const [language, setLanguage] = useState(user.defaultLanguage ?? AUTO_LANGUAGE);
  const [fallback, setFallback] = useState(user.fallbackLanguage ?? DEFAULT_FALLBACK_LANGUAGE);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');

  const saveProfile = (event: FormEvent) => {
    event.preventDefault();
    props.onSaveProfile({
      name,
      defaultModel: model === ServerDefault ? null : model,
      defaultLanguage: language === AUTO_LANGUAGE ? null : language,
      fallbackLanguage: fallback,
    });
  };

  const changePassword = async (event: FormEvent) => {
    event.preventDefault();
    const changed = await props.onChangePassword({
      ...(user.hasPassword ? { currentPassword } : {}),
      newPassword,
    });
    if (changed) {
      setCurrentPassword('');
      setNewPassword('');
    }
  };

  const modelOptions = [
    {
      value: ServerDefault,
      label: models
        ? `Service default (${models.defaultEnglish} for English, ${models.default} otherwise)`
        : 'Service default',
    },
    ...(models?.data ?? []).map((option) => ({ value: option.id, label: option.id })),
  ];

  return (
    <Stack>
      <PageHeader description="Your profile and the defaults the playground starts with." />
      <Card title="Profile">
        <Form onSubmit={saveProfile} aria-label="Profile">
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="name"
          />
          <Select
            label="Default model"
            options={modelOptions}
            value={model}
            onChange={(event) => setModel(event.target.value)}
          />
          <Select
            label="Default language"
            options={LANGUAGES}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
          />
          <Select
            label="Fallback language"
            options={FALLBACK_OPTIONS}
            value={fallback}
            onChange={(event) => setFallback(event.target.value)}
            hint="Speech whose language is detected less surely than a request's language_confidence_threshold is transcribed in this language, unless the request names its own fallback_language."
          />
          {props.profileOutcome && <OutcomeAlert outcome={props.profileOutcome} />}
          <div>
            <Button type="submit" loading={props.savingProfile}>
              Save profile
            </Button>
          </div>
        </Form>
      </Card>
      <Card
        title={user.hasPassword ? 'Change password' : 'Set a password'}
        description={
          user.hasPassword
            ? undefined
            : 'You sign in with Google. Add a password to sign in with your e-mail too.'
        }
      >
        <Form onSubmit={changePassword} aria-label="Password">
          {user.hasPassword && (
            <PasswordField
              label="Current password"
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.target.value)}
              autoComplete="current-password"
            />
          )}
          <PasswordField
            label="New password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            autoComplete="new-password"
            hint="At least 8 characters. Avoid passwords you use elsewhere."
          />
          {props.passwordOutcome && <OutcomeAlert outcome={props.passwordOutcome} />}
          <div>
            <Button type="submit" loading={props.changingPassword}>
              {user.hasPassword ? 'Change password' : 'Set password'}
            </Button>
          </div>
        </Form>
      </Card>
    </Stack>
  );
}
