/**
 * Accuracy and speed figures shown on the home page, all in this one place. Our own figures come
 * from `npm run bench:asr` (packages/server/scripts/bench-asr.ts; results table in
 * packages/engine/README.md): accuracy only from its held-out set, speech the engine was never
 * built or tuned on. packages/server/test/asr-held-out.test.ts runs the same measurement and fails
 * when these numbers or the set's size no longer match it: update them after each benchmark run.
 */
export interface MeasuredFigures {
  model: string;
  /** Our accuracy, on the held-out set (packages/server/test/fixtures/held-out.tsv). */
  heldOut: {
    /**
     * Word error rate in percent, to one decimal: the set's word errors over its words, after
     * the engine's Whisper-style normaliser (lower case, no punctuation, number words as digits).
     */
    wordErrorRatePercent: number;
    /** What the set is, in words. */
    set: string;
    clips: number;
    /** Reference words after normalisation, the rate's denominator. */
    words: number;
    /** Seconds of audio, to one decimal. */
    seconds: number;
  };
  /** The model's published accuracy, shown beside ours and labelled as not measured by us. */
  published: {
    wordErrorRatePercent: number;
    set: string;
    source: string;
  };
  /** Processing time divided by audio duration (0.075 = 13× faster than real time). */
  realTimeFactor: number;
  /** Length of the clip the real-time factor was measured on. */
  clipSeconds: number;
  /** The clip the real-time factor was measured on, in words. */
  speedClip: string;
  hardware: string;
}

export const measured: MeasuredFigures = {
  model: 'tiny.en',
  heldOut: {
    wordErrorRatePercent: 22.2,
    set: 'a headset recording from the AMI meeting corpus',
    clips: 1,
    words: 9,
    seconds: 6,
  },
  // Radford et al. 2022, "Robust Speech Recognition via Large-Scale Weak Supervision", Appendix
  // D.1.1 (English transcription, greedy decoding): tiny.en, LibriSpeech.test-clean.
  published: {
    wordErrorRatePercent: 5.6,
    set: 'LibriSpeech test-clean',
    source: 'the Whisper paper (Radford et al., 2022)',
  },
  realTimeFactor: 0.075,
  clipSeconds: 11,
  speedClip: 'the JFK inaugural clip',
  hardware: '2 CPU cores, int8',
};
