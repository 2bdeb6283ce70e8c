import type { SpeechModelList } from '@parlance/server/contract';
import { formatUsdPerMinute } from '@parlance/server/money';
import { Select } from '@parlance/ui';
import { LANGUAGES } from '../../../shared/languages';

export interface ModelLanguageSelectsProps {
  /** The installed models with their prices; undefined while they load. */
  models: SpeechModelList | undefined;
  model: string;
  onModelChange: (model: string) => void;
  language: string;
  onLanguageChange: (language: string) => void;
  disabled?: boolean;
}

/** The model (with its price a minute) and the language, as both playground modes ask for them. */
export function ModelLanguageSelects({
  models,
  model,
  onModelChange,
  language,
  onLanguageChange,
  disabled,
}: ModelLanguageSelectsProps) {
  return (
    <>
      <Select
        label="Model"
        options={(models?.models ?? []).map((option) => ({
          value: option.id,
          label: `${option.id} · ${formatUsdPerMinute(option.microsPerHour)}/min`,
        }))}
        value={model}
        onChange={(event) => onModelChange(event.target.value)}
        placeholder={models ? undefined : 'Loading models…'}
        disabled={disabled}
      />
      <Select
        label="Language"
        options={LANGUAGES}
        value={language}
        onChange={(event) => onLanguageChange(event.target.value)}
        disabled={disabled}
      />
    </>
  );
}
