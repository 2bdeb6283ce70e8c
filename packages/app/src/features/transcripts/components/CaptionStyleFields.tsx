import { Select } from '@parlance/ui';
import { CAPTION_LIMITS } from '@parlance/contract/endpoints';
import type { CaptionStyle } from '../api/transcriptRequest';
import { CaptionFields, CaptionStyleDetails } from './CaptionStyleFields.styles';

/** The limits the page offers, each with a few common choices (the server's default among them). */
const CHOICES = {
  caption_max_chars: { label: 'Characters per line', values: [32, 37, 42, 50, 60], unit: '' },
  caption_max_lines: { label: 'Lines per caption', values: [1, 2, 3], unit: '' },
  caption_max_cps: { label: 'Reading speed', values: [12, 15, 17, 20, 25], unit: ' characters/s' },
} as const;
type Chosen = keyof typeof CHOICES;

/** The style the page starts with: the server's defaults. */
export const DEFAULT_CAPTION_STYLE: Required<Pick<CaptionStyle, Chosen>> = {
  caption_max_chars: CAPTION_LIMITS.caption_max_chars.default,
  caption_max_lines: CAPTION_LIMITS.caption_max_lines.default,
  caption_max_cps: CAPTION_LIMITS.caption_max_cps.default,
};

export interface CaptionStyleFieldsProps {
  value: typeof DEFAULT_CAPTION_STYLE;
  onChange: (value: typeof DEFAULT_CAPTION_STYLE) => void;
}

/**
 * How the SRT and VTT downloads cut captions: a summary of the style, opened to change its line
 * length, line count and reading speed.
 */
export function CaptionStyleFields({ value, onChange }: CaptionStyleFieldsProps) {
  const names = Object.keys(CHOICES) as Chosen[];
  return (
    <CaptionStyleDetails>
      <summary>
        Captions (SRT, VTT): {value.caption_max_chars} characters per line,{' '}
        {value.caption_max_lines} {value.caption_max_lines === 1 ? 'line' : 'lines'},{' '}
        {value.caption_max_cps} characters/s
      </summary>
      <CaptionFields>
        {names.map((name) => (
          <Select
            key={name}
            label={CHOICES[name].label}
            options={CHOICES[name].values.map((choice) => ({
              value: String(choice),
              label: `${choice}${CHOICES[name].unit}`,
            }))}
            value={String(value[name])}
            onChange={(event) => onChange({ ...value, [name]: Number(event.target.value) })}
          />
        ))}
      </CaptionFields>
    </CaptionStyleDetails>
  );
}
