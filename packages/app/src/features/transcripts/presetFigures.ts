import type { Quality } from '@parlance/contract';

/**
 * The quality presets' speed and accuracy, shown in the playground: `npm run bench:presets`
 * (packages/server/scripts/bench-presets.ts) measures them on the published evaluation set's
 * English recordings (packages/server/test/fixtures/eval, its README), never tuned on, and fails
 * when these figures no longer hold; update them after each run. Each preset is measured with the
 * model it picks among the installed ones for English, the language given.
 */
export interface PresetFigure {
  quality: Quality;
  model: string;
  beamSize: number;
  /** Substitutions, deletions and insertions after Whisper's English text normaliser. */
  errors: number;
  /** Transcribing time over audio time, the model loaded. */
  realTimeFactor: number;
}

export interface PresetFigures {
  /** What the figures were measured on, in words. */
  set: string;
  clips: number;
  /** Seconds of audio, to one decimal. */
  seconds: number;
  /** Reference words after normalisation: the error rate's denominator. */
  units: number;
  hardware: string;
  presets: PresetFigure[];
}

export const presetFigures: PresetFigures = {
  set: "the published evaluation set's English recordings (LJ Speech, LibriVox, speechocean762)",
  clips: 34,
  seconds: 346.6,
  units: 798,
  hardware: '2 CPU cores, int8',
  presets: [
    { quality: 'fast', model: 'tiny.en', beamSize: 1, errors: 112, realTimeFactor: 0.142 },
    { quality: 'balanced', model: 'tiny.en', beamSize: 5, errors: 90, realTimeFactor: 0.168 },
    { quality: 'best', model: 'base', beamSize: 5, errors: 96, realTimeFactor: 0.353 },
  ],
};

/** The figure measured for a preset with this model, if one was. */
export const presetFigure = (quality: Quality, model: string): PresetFigure | undefined =>
  presetFigures.presets.find((p) => p.quality === quality && p.model === model);
