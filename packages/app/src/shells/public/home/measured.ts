/**
 * Accuracy and speed figures shown on the home page, all in this one place. Our own figures come
 * from `npm run bench:asr` (packages/server/scripts/bench-asr.ts): accuracy only from the published
 * evaluation set (packages/server/test/fixtures/eval, its README), real recordings with their
 * datasets' transcripts that the engine was never built or tuned on.
 * packages/server/test/asr-eval.test.ts runs the same measurement and fails when these numbers or
 * the set no longer match it: update them after each benchmark run.
 */
/** One language group of the evaluation set, on the model a request naming none gets for it. */
export interface GroupFigures {
  group: string;
  /** ISO 639-1. */
  language: string;
  model: string;
  /** Word error rate, or character error rate (Chinese and Japanese). */
  metric: 'WER' | 'CER';
  clips: number;
  /** Seconds of audio, to one decimal. */
  seconds: number;
  /**
   * Substitutions, deletions and insertions after Whisper's text normalisers (English: lower
   * case, no punctuation, numbers and spellings unified, fillers dropped; others: the basic one).
   */
  errors: number;
  /** Reference words (characters for CER) after normalisation: the rate's denominator. */
  units: number;
}

export interface MeasuredFigures {
  accuracy: {
    /** What the set is, in words. */
    set: string;
    groups: GroupFigures[];
  };
  /** The English model's published accuracy, shown beside ours and labelled as not measured by us. */
  published: {
    model: string;
    wordErrorRatePercent: number;
    set: string;
    source: string;
  };
  /** The model the speed was measured with. */
  speedModel: string;
  /** Processing time divided by audio duration (0.075 = 13× faster than real time). */
  realTimeFactor: number;
  /** Length of the clip the real-time factor was measured on. */
  clipSeconds: number;
  /** The clip the real-time factor was measured on, in words. */
  speedClip: string;
  hardware: string;
}

/** A group's (or groups') error rate in percent: all their errors over all their units. */
export function errorRatePercent(groups: GroupFigures[]): number {
  const errors = groups.reduce((sum, g) => sum + g.errors, 0);
  const units = groups.reduce((sum, g) => sum + g.units, 0);
  return (100 * errors) / units;
}

export const measured: MeasuredFigures = {
  accuracy: {
    set: 'the published evaluation set: real recordings from LJ Speech, LibriVox, speechocean762, Multilingual LibriSpeech, AISHELL-1 and Common Voice, with the transcripts their datasets ship',
    groups: [
      {
        group: 'English, native speakers',
        language: 'en',
        model: 'tiny.en',
        metric: 'WER',
        clips: 15,
        seconds: 255.7,
        errors: 54,
        units: 613,
      },
      {
        group: 'English, non-native speakers',
        language: 'en',
        model: 'tiny.en',
        metric: 'WER',
        clips: 19,
        seconds: 90.9,
        errors: 36,
        units: 185,
      },
      {
        group: 'Spanish',
        language: 'es',
        model: 'base',
        metric: 'WER',
        clips: 2,
        seconds: 85.1,
        errors: 31,
        units: 212,
      },
      {
        group: 'German',
        language: 'de',
        model: 'base',
        metric: 'WER',
        clips: 1,
        seconds: 68,
        errors: 14,
        units: 108,
      },
      {
        group: 'Chinese',
        language: 'zh',
        model: 'base',
        metric: 'CER',
        clips: 3,
        seconds: 12.6,
        errors: 12,
        units: 38,
      },
      {
        group: 'Japanese',
        language: 'ja',
        model: 'base',
        metric: 'CER',
        clips: 1,
        seconds: 6.5,
        errors: 11,
        units: 27,
      },
    ],
  },
  // Radford et al. 2022, "Robust Speech Recognition via Large-Scale Weak Supervision", Appendix
  // D.1.1 (English transcription, greedy decoding): tiny.en, LibriSpeech.test-clean.
  published: {
    model: 'tiny.en',
    wordErrorRatePercent: 5.6,
    set: 'LibriSpeech test-clean',
    source: 'the Whisper paper (Radford et al., 2022)',
  },
  speedModel: 'tiny.en',
  realTimeFactor: 0.075,
  clipSeconds: 11,
  speedClip: 'the JFK inaugural clip',
  hardware: '2 CPU cores, int8',
};
