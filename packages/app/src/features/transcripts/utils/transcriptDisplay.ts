import type { PiiPolicy, Quality, Transcript, TranscriptStatus } from '@parlance/contract';
import { LANGUAGES } from '../../../shared/languages';

/** The file name of a transcription: the last path segment of its audio URL, or 'Unknown File'. */
export function fileNameFromUrl(audioUrl: string | null | undefined): string {
  if (!audioUrl) return 'Unknown File';
  let path = audioUrl;
  try {
    path = new URL(audioUrl).pathname;
  } catch {
    path = audioUrl.split(/[?#]/)[0] ?? '';
  }
  const segment = path.split('/').filter(Boolean).pop();
  if (!segment) return 'Unknown File';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** An upload has no audio URL but keeps its file name; a URL job shows the URL's last segment. */
export function transcriptName(transcript: {
  audioUrl: string | null;
  fileName?: string | null;
}): string {
  return transcript.audioUrl
    ? fileNameFromUrl(transcript.audioUrl)
    : transcript.fileName || 'Unknown File';
}

/** 'completed' → 'Completed'. */
export function statusLabel(status: TranscriptStatus | string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

const languageName = (code: string) =>
  LANGUAGES.find((language) => language.value === code)?.label ?? code;

/**
 * The transcript's language as the page states it: the one asked for, or the one heard and how
 * sure the model was when it detected it ("German (detected, 93 %)"), or the fallback taken when it
 * was not sure enough ("English (fallback: Chinese detected, 41 %)"); a translation says so.
 */
export function languageFact(transcript: Pick<Transcript, 'language' | 'task' | 'result'>): string {
  const { result } = transcript;
  if (!result) return transcript.language ? languageName(transcript.language) : 'Detect';
  const sure = `${Math.round(result.language_probability * 100)} %`;
  const detected =
    transcript.language !== null
      ? ''
      : result.language_fallback && result.detected_language
        ? ` (fallback: ${languageName(result.detected_language)} detected, ${sure})`
        : ` (detected, ${sure})`;
  const heard = `${languageName(result.language)}${detected}`;
  return transcript.task === 'translate' ? `${heard}, translated to English` : heard;
}

/** Each quality preset's name, as the playground and a transcript's facts say it. */
export const QUALITY_LABELS: Record<Quality, string> = {
  fast: 'Fast',
  balanced: 'Balanced',
  best: 'Best',
};

/** What each `redact_pii` policy removes, in words. */
export const PII_POLICY_LABELS: Record<PiiPolicy, string> = {
  credit_card_number: 'card numbers',
  banking_information: 'bank accounts',
  phone_number: 'phone numbers',
  email_address: 'e-mail addresses',
  us_social_security_number: 'social security numbers',
  date_of_birth: 'dates of birth',
  person_name: 'names',
  location: 'places and addresses',
};

/**
 * What was redacted from a transcript and how ("Card numbers, phone numbers (as tags, and a tone in
 * the audio)"); null: nothing.
 */
export function redactionFact(
  transcript: Pick<Transcript, 'redact_pii' | 'redact_pii_sub' | 'redact_pii_audio'>,
): string | null {
  if (transcript.redact_pii.length === 0) return null;
  const what = transcript.redact_pii.map((policy) => PII_POLICY_LABELS[policy]).join(', ');
  const how = transcript.redact_pii_sub === 'entity_name' ? 'as tags' : 'as #';
  const audio = transcript.redact_pii_audio ? ', and a tone in the audio' : '';
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} (${how}${audio})`;
}
