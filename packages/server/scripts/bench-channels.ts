/**
 * `npm run bench:channels`: `multichannel` on real calls recorded one talker to a channel, the
 * SpokenWOZ calls of `../shared/conversations` (8 kHz stereo; non-commercial, read from there,
 * never copied), against what a mono recording of the same call gets: its mixdown transcribed with
 * speaker labels. For each way: the words given the right speaker (each heard word is matched to
 * the reference word it overlaps most; the labels are mapped one to one to the reference's speakers
 * as best they can be, as diarization is scored), the speakers found, and the word error rate.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeChannels, transcribeChannels } from '../src/transcription/channels.js';
import { ProcessSpeechEngine } from '../src/transcription/engine/processEngine.js';
import type { Word } from '../src/transcription/engine/protocol.js';
import { benchOptions, score } from '../test/asr-sets.js';

const MODEL = process.env.BENCH_MODEL ?? 'tiny.en';
const CONVERSATIONS = resolve(
  fileURLToPath(new URL('../../../../shared/conversations', import.meta.url)),
);
const CALLS = ['SNG0072', 'SNG0480', 'SNG1263'];

interface ReferenceWord {
  speaker: string;
  word: string;
  start: number;
  end: number;
}

const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.min(a.end, b.end) - Math.max(a.start, b.start);

/** [heard label, reference speaker] of each heard word that overlaps a reference word. */
function pairs(heard: readonly Word[], reference: readonly ReferenceWord[]): [string, string][] {
  return heard.flatMap((word): [string, string][] => {
    let best: ReferenceWord | undefined;
    for (const ref of reference)
      if (overlap(word, ref) > 0 && (!best || overlap(word, ref) > overlap(word, best))) best = ref;
    return best ? [[word.speaker ?? '?', best.speaker]] : [];
  });
}

/** The most pairs a one-to-one mapping of reference speakers to heard labels gets right. */
function bestMatches(matched: readonly [string, string][]): number {
  const labels = [...new Set(matched.map(([label]) => label))];
  const speakers = [...new Set(matched.map(([, speaker]) => speaker))];
  const count = (label: string, speaker: string) =>
    matched.filter(([l, s]) => l === label && s === speaker).length;
  const search = (k: number, used: Set<string>): number => {
    if (k === speakers.length) return 0;
    let best = search(k + 1, used); // this speaker given no label
    for (const label of labels)
      if (!used.has(label))
        best = Math.max(
          best,
          count(label, speakers[k]!) + search(k + 1, new Set([...used, label])),
        );
    return best;
  };
  return search(0, new Set());
}

const calls = CALLS.filter((id) => existsSync(join(CONVERSATIONS, `${id}.stereo8k.wav`)));
if (calls.length === 0) {
  console.log(`No calls: ${CONVERSATIONS} is not there.`);
  process.exit(0);
}
const engine = new ProcessSpeechEngine();
const ways = ['multichannel', 'mixdown + speaker_labels'] as const;
const totals = Object.fromEntries(
  ways.map((way) => [way, { right: 0, matched: 0, errors: 0, units: 0, speakers: [] as number[] }]),
);
try {
  for (const id of calls) {
    const reference = JSON.parse(
      readFileSync(join(CONVERSATIONS, `${id}.words.json`), 'utf8'),
    ) as ReferenceWord[];
    const options = { ...benchOptions(MODEL), language: 'en' };
    for (const way of ways) {
      const result =
        way === 'multichannel'
          ? mergeChannels(
              await transcribeChannels(
                engine,
                join(CONVERSATIONS, `${id}.stereo8k.wav`),
                options,
                2,
                () => undefined,
                new AbortController().signal,
              ),
            )
          : await engine.transcribe(
              join(CONVERSATIONS, `${id}.wav`),
              { ...options, speakerLabels: true },
              () => undefined,
            );
      const matched = pairs(result.words, reference);
      const right = bestMatches(matched);
      const text = result.words.map((word) => word.text).join(' ');
      const [scored] = score([
        { language: 'en', reference: reference.map((w) => w.word).join(' '), text },
      ]);
      const speakers = new Set(result.words.map((word) => word.speaker)).size;
      const total = totals[way]!;
      Object.assign(total, {
        right: total.right + right,
        matched: total.matched + matched.length,
        errors: total.errors + scored!.errors,
        units: total.units + scored!.units,
        speakers: [...total.speakers, speakers],
      });
      console.log(
        `${id} ${way}: ${right}/${matched.length} words with the right speaker, ${speakers} speakers, WER ${((100 * scored!.errors) / scored!.units).toFixed(1)} %`,
      );
    }
  }
} finally {
  await engine.close();
}
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
console.log(`\nmodel ${MODEL}, ${calls.length} calls of 2 speakers (one per channel)`);
console.log('| way | words with the right speaker | speakers found | WER |\n|---|---|---|---|');
for (const way of ways) {
  const t = totals[way]!;
  console.log(
    `| ${way} | ${percent(t.right, t.matched)} | ${t.speakers.join(', ')} | ${percent(t.errors, t.units)} |`,
  );
}
