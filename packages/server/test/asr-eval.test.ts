/**
 * The home page's accuracy figures (packages/app/src/shells/public/home/measured.ts) are what
 * `npm run bench:asr` measures on the published evaluation set: same clips, same engine calls,
 * same scoring (test/asr-sets.ts). A set that changed without the page saying so, or figures
 * that no longer hold, fail here.
 *
 * The clips, units and metric must match exactly. The error counts need not: CTranslate2's int8
 * kernels differ between CPUs (and its threads between runs), and on this set that moved a
 * group's count by up to 12 errors between two machines of this kind (non-native English, 185
 * words; identical on the 613 native words). A count passes within three binomial standard errors
 * of the page's (at least two errors): a page whose figures went stale by more than measurement
 * noise fails, a different CPU does not.
 *
 * Every clip's captions (SRT and VTT) keep to the default caption style, as formats.ts promises.
 * The playground's preset figures (presetFigures.ts) name the model and beam each preset picks on
 * this server, on the English clips as they are; `npm run bench:presets` holds their figures.
 */
import { afterAll, expect, it } from 'vitest';
import { measured } from '../../app/src/shells/public/home/measured.js';
import { ProcessSpeechEngine } from '../src/transcription/engine/processEngine.js';
import { presetFigures } from '../../app/src/features/transcripts/presetFigures.js';
import {
  englishEvaluationSet,
  measureEvaluation,
  presetDecoding,
  score,
  tolerance,
  type MeasuredClip,
} from './asr-sets.js';
import {
  captionCues,
  DEFAULT_CAPTION_STYLE as style,
  type Cue,
} from '../src/transcription/formats.js';

const engine = new ProcessSpeechEngine();
afterAll(() => engine.close());

/** Where a clip's captions break the style (none, when they keep to it). */
function captionBreaches(clip: MeasuredClip): string[] {
  const result = { ...clip, language: clip.heardIn, languageProbability: 1 };
  const cues = captionCues(result, {}, style);
  const breaches: string[] = [];
  const said = (cue: Cue) => cue.lines.join(' ');
  cues.forEach((cue, i) => {
    const seconds = cue.end - cue.start;
    const lastsUntilNext = i + 1 < cues.length && cue.end >= cues[i + 1]!.start - 1e-6;
    const oneWord = !said(cue).includes(' ');
    const at = `cue ${i + 1} "${said(cue)}"`;
    if (cue.lines.length > style.maxLines) breaches.push(`${at}: ${cue.lines.length} lines`);
    for (const line of cue.lines)
      if (line.length > style.maxChars && line.includes(' '))
        breaches.push(`${at}: a line of ${line.length} characters`);
    if (seconds > style.maxSeconds + 1e-6 && !oneWord) breaches.push(`${at}: ${seconds} s`);
    if (seconds < style.minSeconds - 1e-6 && !lastsUntilNext) breaches.push(`${at}: ${seconds} s`);
    if (said(cue).length / seconds > style.maxCps + 1e-6 && !lastsUntilNext)
      breaches.push(`${at}: ${(said(cue).length / seconds).toFixed(1)} characters a second`);
  });
  // Each word once and in order; spaces as the script writes them (none between Chinese words).
  const unspaced = (text: string) => text.replace(/\s+/g, '');
  const words = unspaced(clip.words.map((w) => w.text).join(''));
  if (unspaced(cues.map(said).join('')) !== words)
    breaches.push('the cues do not hold the words as said');
  return breaches;
}

it("measured.ts gives the evaluation set's error rates per language group; captions keep to their style", async () => {
  const measuredGroups = await measureEvaluation(engine);
  for (const clip of measuredGroups.flatMap((group) => group.rows))
    expect(captionBreaches(clip), clip.path).toEqual([]);
  const groups = measuredGroups.map(({ rows: _rows, ...group }) => group);
  const shape = ({ errors: _errors, ...rest }: { errors: number }) => rest;
  expect(measured.accuracy.groups.map(shape)).toEqual(groups.map(shape));
  for (const [index, page] of measured.accuracy.groups.entries()) {
    const now = groups[index]!;
    expect(
      Math.abs(now.errors - page.errors),
      `${page.group}: ${now.errors} errors measured, ${page.errors} on the page`,
    ).toBeLessThanOrEqual(tolerance(page));
  }
}, 600_000);

// The figures themselves are held by `npm run bench:presets`, which measures them (minutes).
it("presetFigures.ts names each preset's model and beam on this server, on the English set as it is", async () => {
  const clips = await englishEvaluationSet();
  let seconds = 0;
  for (const clip of clips) seconds += (await engine.probe(clip.path)).duration;
  const units = score(clips.map((clip) => ({ ...clip, text: '' }))).reduce(
    (sum, s) => sum + s.units,
    0,
  );
  const { clips: count, seconds: shown, units: words, presets } = presetFigures;
  expect({ clips: count, seconds: shown, units: words }).toEqual({
    clips: clips.length,
    seconds: Number(seconds.toFixed(1)),
    units,
  });
  expect(presets.map(({ quality, model, beamSize }) => ({ quality, model, beamSize }))).toEqual(
    await presetDecoding(engine),
  );
});
