import { useState, type FormEvent } from 'react';
import type { SpeechModelList, User } from '@parlance/contract';
import { DEFAULT_FALLBACK_LANGUAGE } from '@parlance/contract/endpoints';
import { Button, Card, ConfirmDialog, PasswordField, Select, TextField } from '@parlance/ui';
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

export interface RetentionValues {
  keepAudioDays: number | null;
  keepTranscriptsDays: number | null;
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
  savingRetention: boolean;
  retentionOutcome: Outcome<string> | null;
  onSaveRetention: (values: RetentionValues) => void;
  changingPassword: boolean;
  passwordOutcome: Outcome<string> | null;
  /** Resolves true when the password changed (the form then clears). */
  onChangePassword: (values: PasswordValues) => Promise<boolean>;
}

const ServerDefault = '';
/** A retention select's value for "no limit" (null); the others are days. */
const Unlimited = '';
const RETENTION_DAYS = [1, 7, 30, 90, 365];
const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
/** The choices of a retention select, with the account's own value among them. */
function retentionOptions(unlimited: string, current: number | null, zero?: string) {
  const choices = [...(zero ? [0] : []), ...RETENTION_DAYS];
  if (current !== null && !choices.includes(current)) choices.push(current);
  return [
    { value: Unlimited, label: unlimited },
    ...choices
      .sort((a, b) => a - b)
      .map((n) => ({ value: String(n), label: n === 0 && zero ? zero : days(n) })),
  ];
}
const toDays = (value: string) => (value === Unlimited ? null : Number(value));
/** A limit of `next` days keeps less than `now` (null: no limit). */
const shorter = (next: number | null, now: number | null) =>
  next !== null && (now === null || next < now);
const fromDays = (value: number | null) => (value === null ? Unlimited : String(value));
const FALLBACK_OPTIONS = LANGUAGES.filter((option) => option.value !== AUTO_LANGUAGE);

/** Profile (name, default model, language and fallback language), retention and password. */
export function SettingsScreen(props: SettingsScreenProps) {
  const { user, models } = props;
  const [name, setName] = useState(user.name);
  const [model, setModel] = useState(user.defaultModel ?? ServerDefault);
  const [language, setLanguage] = useState(user.defaultLanguage ?? AUTO_LANGUAGE);
  const [fallback, setFallback] = useState(user.fallbackLanguage ?? DEFAULT_FALLBACK_LANGUAGE);
  const [keepAudio, setKeepAudio] = useState(fromDays(user.keepAudioDays));
  const [keepTranscripts, setKeepTranscripts] = useState(fromDays(user.keepTranscriptsDays));
  const [shortening, setShortening] = useState<RetentionValues | null>(null);
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

  const saveRetention = (event: FormEvent) => {
    event.preventDefault();
    const values = {
      keepAudioDays: toDays(keepAudio),
      keepTranscriptsDays: toDays(keepTranscripts),
    };
    // A shorter limit deletes what is already older than it: that is asked first.
    if (
      shorter(values.keepAudioDays, user.keepAudioDays) ||
      shorter(values.keepTranscriptsDays, user.keepTranscriptsDays)
    )
      setShortening(values);
    else props.onSaveRetention(values);
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
      <PageHeader description="Your profile, the defaults the playground starts with, and how long your data is kept." />
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
        title="Data retention"
        description="How long your audio and transcripts are kept after each transcription ends. It applies to the ones you already have too, and a request's delete_audio_after or delete_after can only make it sooner."
      >
        <Form onSubmit={saveRetention} aria-label="Data retention">
          <Select
            label="Keep audio"
            options={retentionOptions(
              'As long as its transcript',
              user.keepAudioDays,
              'Delete once transcribed',
            )}
            value={keepAudio}
            onChange={(event) => setKeepAudio(event.target.value)}
          />
          <Select
            label="Keep transcripts"
            options={retentionOptions('Until I delete them', user.keepTranscriptsDays)}
            value={keepTranscripts}
            onChange={(event) => setKeepTranscripts(event.target.value)}
            hint="A transcript deleted this way goes with its audio; your usage history keeps its charge."
          />
          {props.retentionOutcome && <OutcomeAlert outcome={props.retentionOutcome} />}
          <div>
            <Button type="submit" loading={props.savingRetention}>
              Save retention
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
      <ConfirmDialog
        open={shortening !== null}
        title="Delete what is older?"
        message="Audio and transcripts already older than the new limits are deleted within a minute, for good. Your usage history keeps their charges."
        confirmLabel="Save and delete"
        variant="danger"
        onConfirm={() => {
          if (shortening) props.onSaveRetention(shortening);
          setShortening(null);
        }}
        onCancel={() => setShortening(null)}
      />
    </Stack>
  );
}
