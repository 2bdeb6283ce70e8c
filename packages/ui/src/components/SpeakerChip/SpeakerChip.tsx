import { ChipName, ChipRoot, Swatch } from './SpeakerChip.styles';

export interface SpeakerChipProps {
  /** The speaker's label ("A", "B", …): written in the swatch and choosing its colour. */
  label: string;
  /** What the speaker is called ("Alice", or "Speaker A" while unnamed). */
  name: string;
  className?: string;
}

/**
 * Who speaks: a round swatch in the speaker's colour, the same for a label wherever it shows
 * (legend, transcript lines), with the label in it, and the speaker's name.
 */
export function SpeakerChip({ label, name, className }: SpeakerChipProps) {
  return (
    <ChipRoot className={className}>
      <Swatch $label={label} aria-hidden="true">
        {label}
      </Swatch>
      <ChipName>{name}</ChipName>
    </ChipRoot>
  );
}
