/**
 * `npm run bench:presets`: the quality presets (`quality: fast | balanced | best`) on the
 * published evaluation set's English recordings (test/fixtures/eval, never tuned on), each with
 * the model it picks among the installed ones and its beam: word error rate and real-time factor,
 * beside the figures the playground shows (packages/app/src/features/transcripts/presetFigures.ts).
 * It fails when they no longer hold: a preset that picks another model or beam, a set that
 * changed, an error count further off than measurement noise (asr-sets.ts `tolerance`), or a
 * real-time factor more than SPEED_SLACK off the page's (the engine's speed is the machine's too:
 * run it on an idle machine of the kind the page names).
 */
import { presetFigures } from '../../app/src/features/transcripts/presetFigures.js';
import { ProcessSpeechEngine } from '../src/transcription/engine/processEngine.js';
import { measurePresets, tolerance } from '../test/asr-sets.js';

const SPEED_SLACK = 1.35;

const engine = new ProcessSpeechEngine();
try {
  const measured = await measurePresets(engine);
  const problems: string[] = [];
  const { clips, seconds, units } = presetFigures;
  console.log(`${presetFigures.set}: ${clips} clips, ${seconds} s, ${units} words`);
  console.log(
    `${'preset'.padEnd(10)}${'model'.padEnd(9)}${'beam'.padStart(5)}${'errors'.padStart(8)}${'WER'.padStart(8)}${'RTF'.padStart(8)}${'×rt'.padStart(7)}   page: errors, RTF`,
  );
  for (const now of measured) {
    const page = presetFigures.presets.find((p) => p.quality === now.quality);
    console.log(
      `${now.quality.padEnd(10)}${now.model.padEnd(9)}${String(now.beamSize).padStart(5)}${String(now.errors).padStart(8)}${((100 * now.errors) / now.units).toFixed(1).padStart(7)}%${now.realTimeFactor.toFixed(3).padStart(8)}${(1 / now.realTimeFactor).toFixed(1).padStart(6)}×   ${page ? `${page.errors}, ${page.realTimeFactor}` : 'none'}`,
    );
    if (now.clips !== clips || now.seconds !== seconds || now.units !== units)
      problems.push(`the set is ${now.clips} clips, ${now.seconds} s, ${now.units} words`);
    if (!page || page.model !== now.model || page.beamSize !== now.beamSize) {
      problems.push(`${now.quality} is ${now.model} with beam ${now.beamSize} here`);
      continue;
    }
    if (Math.abs(now.errors - page.errors) > tolerance({ errors: page.errors, units }))
      problems.push(`${now.quality}: ${now.errors} errors measured, ${page.errors} on the page`);
    const ratio = now.realTimeFactor / page.realTimeFactor;
    if (ratio > SPEED_SLACK || ratio < 1 / SPEED_SLACK)
      problems.push(
        `${now.quality}: RTF ${now.realTimeFactor}, ${page.realTimeFactor} on the page`,
      );
  }
  console.log(`presetFigures.presets: ${JSON.stringify(measured)}`);
  if (problems.length > 0) {
    console.error(`presetFigures.ts no longer holds:\n  ${[...new Set(problems)].join('\n  ')}`);
    process.exitCode = 1;
  }
} finally {
  await engine.close();
}
