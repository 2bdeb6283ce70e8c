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
 */
import { afterAll, expect, it } from 'vitest';
import { measured } from '../../app/src/shells/public/home/measured.js';
import { ProcessSpeechEngine } from '../src/transcription/engine/processEngine.js';
import { measureEvaluation, type MeasuredClip } from './asr-sets.js';
import {
  captionCues,
  DEFAULT_CAPTION_STYLE as style,
  type Cue,
} from '../src/transcription/formats.js';

const engine = new ProcessSpeechEngine();
afterAll(() => engine.close());

/** How far a group's error count may move between CPUs and runs: 3 standard errors, at least 2. */
const tolerance = ({ errors, units }: { errors: number; units: number }) => {
  const rate = Math.min(errors / units, 1);
  return Math.max(2, 3 * Math.sqrt(units * rate * (1 - rate)));
};

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
