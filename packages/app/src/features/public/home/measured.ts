/**
 * Accuracy and speed figures shown on the home page. Only numbers we measure ourselves: they come
 * from the engine benchmark, `npm run bench:asr` (packages/engine/scripts/bench.py; results table
 * in packages/engine/README.md). Update these after each benchmark run.
 */
export interface MeasuredFigures {
  model: string;
  /** Word error rate in percent, lower-cased and punctuation stripped. */
  wordErrorRatePercent: number;
  /** Processing time divided by audio duration (0.075 = 13× faster than real time). */
  realTimeFactor: number;
  /** Length of the reference clip the real-time factor was measured on (JFK, 11 s). */
  clipSeconds: number;
  /** What was measured, in words. */
  corpus: string;
  hardware: string;
}

export const measured: MeasuredFigures = {
  model: 'tiny.en',
  wordErrorRatePercent: 0,
  realTimeFactor: 0.075,
  clipSeconds: 11,
  corpus: 'the JFK inaugural clip (11 s) and two LJ Speech recordings',
  hardware: '2 CPU cores, int8',
};
