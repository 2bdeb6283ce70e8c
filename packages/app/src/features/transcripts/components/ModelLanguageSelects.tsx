import type { SpeechModelList } from '@parlance/contract';
import { formatUsdPerMinute } from '@parlance/contract/money';
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
  /** Only multilingual models may be chosen (translation): English-only ones are listed, disabled. */
  multilingualOnly?: boolean;
}

/** English-only models (`tiny.en`, …) hear English alone and cannot translate. */
export const englishOnly = (model: SpeechModelList['data'][number]) => model.languages === 'en';

/** The model (with its price a minute) and the language, as both playground modes ask for them. */
export function ModelLanguageSelects({
  models,
  model,
  onModelChange,
  language,
  onLanguageChange,
  disabled,
  multilingualOnly = false,
}: ModelLanguageSelectsProps) {
  return (
    <>
      <Select
        label="Model"
        options={(models?.data ?? []).map((option) => ({
          value: option.id,
          label: `${option.id} · ${formatUsdPerMinute(option.microsPerHour)}/min`,
          disabled: multilingualOnly && englishOnly(option),
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
