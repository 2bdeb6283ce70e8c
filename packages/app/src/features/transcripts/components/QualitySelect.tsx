import type { Quality } from '@parlance/contract';
import { BEAM_SIZE, QUALITIES } from '@parlance/contract/endpoints';
import { Select } from '@parlance/ui';
import { presetFigure, presetFigures } from '../presetFigures';
import { QUALITY_LABELS } from '../utils/transcriptDisplay';

export interface QualitySelectProps {
  quality: Quality;
  /** The model the request will name (the preset's unless one was chosen). */
  model: string;
  /** English is transcribed (the language given, not translating): the figures are English's. */
  english: boolean;
  onChange: (quality: Quality) => void;
}

const decoding = (quality: Quality) =>
  BEAM_SIZE[quality] === 1 ? 'greedy decoding' : `beam ${BEAM_SIZE[quality]}`;

/**
 * What the preset with this model was measured to do on English, in the words of the figures'
 * set; a model other than the preset's, or another language, was not measured so.
 */
export function qualityHint(quality: Quality, model: string, english: boolean): string {
  const figure = presetFigure(quality, model);
  if (!english) return `${model}, ${decoding(quality)}: measured here on English speech only.`;
  if (!figure) return `${model}, ${decoding(quality)}: not measured here.`;
  const { clips, units, hardware } = presetFigures;
  const wer = ((100 * figure.errors) / units).toFixed(1);
  const speed = (1 / figure.realTimeFactor).toFixed(1);
  return `${model}, ${decoding(quality)}: ${wer} % of words wrong, ${speed}× faster than real time on ${clips} English recordings of our evaluation set (${units} words; ${hardware}).`;
}

/** Speed against accuracy, with the chosen preset's measured figures. */
export function QualitySelect({ quality, model, english, onChange }: QualitySelectProps) {
  return (
    <Select
      label="Quality"
      options={QUALITIES.map((value) => ({ value, label: QUALITY_LABELS[value] }))}
      value={quality}
      onChange={(event) => onChange(event.target.value as Quality)}
      hint={model === '' ? undefined : qualityHint(quality, model, english)}
    />
  );
}
