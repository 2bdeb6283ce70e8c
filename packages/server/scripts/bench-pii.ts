/**
 * `npm run bench:pii`: how much personal data `redact_pii` removes from what the recognizer hears,
 * and how many other words it removes by mistake, on two sets:
 *
 * - Real calls: the SpokenWOZ calls of `../shared/conversations` (a caller and an agent, real
 *   voices, phone numbers dictated as people do), when that folder is there. Their audio and
 *   words are non-commercial (CC BY-NC): read from there, never copied here. Where their personal
 *   data lies is written below by time (annotated from the calls' word lists).
 * - Built dialogues: two espeak-ng voices (synthetic, not real voices) saying each policy's data
 *   the way people say it, and numbers that are not personal data.
 *
 * Each recording goes through the engine with word timestamps, as a job would, then through the
 * redaction with every policy and `#` substitution, so each word stays a word. A stretch of
 * personal data counts its reference tokens as caught in the share of the words heard in it (their
 * middle inside it) that were redacted; a word is wrongly removed when it is redacted and heard
 * outside every stretch. Nothing here is tuned on: the rules were written first.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PII_POLICIES } from '@parlance/contract/endpoints';
import type { PiiPolicy } from '@parlance/contract';
import { ProcessSpeechEngine } from '../src/transcription/engine/processEngine.js';
import { benchOptions } from '../test/asr-sets.js';
import { redactWords } from '../src/transcription/redaction.js';

const MODEL = process.env.BENCH_MODEL ?? 'tiny.en';
const CONVERSATIONS = resolve(
  fileURLToPath(new URL('../../../../shared/conversations', import.meta.url)),
);

/** A stretch of a recording (seconds) that holds personal data of a policy. */
interface Truth {
  start: number;
  end: number;
  what: PiiPolicy;
  /** Its reference tokens (what was said). */
  tokens: number;
}

interface Recording {
  set: 'real calls' | 'built dialogues';
  name: string;
  path: string;
  truth: Truth[];
}

/** Where the SpokenWOZ calls' personal data lies, from their word lists (`<id>.words.json`). */
const SPOKENWOZ: Record<string, Omit<Truth, 'tokens'>[]> = {
  SNG0072: [
    { start: 64.275, end: 66.2, what: 'location' },
    { start: 76.68, end: 81.91, what: 'phone_number' },
  ],
  SNG0480: [
    { start: 62.621, end: 64.01, what: 'person_name' },
    { start: 68.118, end: 69.96, what: 'person_name' },
    { start: 73.828, end: 75.51, what: 'person_name' },
  ],
  SNG1263: [
    { start: 6.364, end: 7.033, what: 'person_name' },
    { start: 65.371, end: 66.79, what: 'phone_number' },
    { start: 68.59, end: 70.32, what: 'phone_number' },
    { start: 72.65, end: 74.47, what: 'phone_number' },
  ],
};

function realCalls(): Recording[] {
  return Object.entries(SPOKENWOZ).flatMap(([id, stretches]) => {
    const path = join(CONVERSATIONS, `${id}.wav`);
    const wordsPath = join(CONVERSATIONS, `${id}.words.json`);
    if (!existsSync(path) || !existsSync(wordsPath)) return [];
    const words = JSON.parse(readFileSync(wordsPath, 'utf8')) as { start: number; end: number }[];
    const truth = stretches.map((stretch) => ({
      ...stretch,
      tokens: words.filter((w) => w.start >= stretch.start && w.end <= stretch.end).length,
    }));
    return [{ set: 'real calls' as const, name: id, path, truth }];
  });
}

/** A line of a built dialogue: who says it, and its parts, personal data marked by its policy. */
type Line = [voice: 'agent' | 'caller', ...parts: (string | [what: PiiPolicy, said: string])[]];
const VOICES = { agent: 'en-us', caller: 'en-gb' } as const;

const DIALOGUES: Record<string, Line[]> = {
  card: [
    ['agent', 'How would you like to pay today?'],
    [
      'caller',
      'By card. The number is',
      [
        'credit_card_number',
        'four five three nine, one four eight eight, zero three four three, six four six seven',
      ],
      'and it expires in June.',
    ],
    ['agent', 'Thank you, that has gone through.'],
  ],
  phone: [
    ['agent', 'What is the best number to call you back on?'],
    [
      'caller',
      'You can reach me on',
      ['phone_number', 'oh seven seven double oh, nine eight one, two three four'],
      'any time after five.',
    ],
  ],
  dictated: [
    ['agent', 'Can I take a phone number?'],
    ['caller', 'Sure, it is', ['phone_number', 'five five five']],
    ['agent', 'Go on.'],
    ['caller', ['phone_number', 'two one two']],
    ['agent', 'Yes.'],
    ['caller', ['phone_number', 'three four five six'], 'thanks.'],
  ],
  email: [
    ['agent', 'And your email address?'],
    [
      'caller',
      'It is',
      ['email_address', 'anna dot smith at example dot com'],
      'all in lower case.',
    ],
  ],
  ssn: [
    ['agent', 'I need to verify your identity first.'],
    [
      'caller',
      'My social security number is',
      ['us_social_security_number', 'one two three, four five, six seven eight nine'],
    ],
  ],
  bank: [
    ['caller', 'Please pay it into my account.'],
    ['agent', 'What is the account number?'],
    [
      'caller',
      'The account number is',
      ['banking_information', 'three one nine two six eight one nine'],
      'at the high street branch.',
    ],
  ],
  birth: [
    ['agent', 'Can you confirm your date of birth?'],
    [
      'caller',
      'I was born on',
      ['date_of_birth', 'the fourth of July, nineteen eighty five'],
      'in',
      ['location', 'Boston.'],
    ],
  ],
  name: [
    ['agent', 'Thank you for calling. Who am I speaking to?'],
    ['caller', 'Hello, my name is', ['person_name', 'Sarah Johnson.']],
    ['agent', 'Thank you,', ['person_name', 'Sarah.'], 'How can I help you today?'],
  ],
  address: [
    ['agent', 'Where should we send the parts?'],
    [
      'caller',
      'To',
      ['location', 'twenty two Regent Street, Cambridge.'],
      'Please leave them at the door.',
    ],
  ],
  booking: [
    ['agent', 'We have two rooms at seventy five pounds a night.'],
    [
      'caller',
      'I will take one for three nights, from the twelfth, arriving at four in the afternoon.',
    ],
    ['agent', 'Booked. Your table for six is at seven thirty, on the second floor.'],
  ],
};

/** Silence between the parts of a line, and between lines (seconds). */
const PART_GAP = 0.25;
const LINE_GAP = 0.6;

/** A dialogue synthesised part by part, so each part's time is known exactly. */
function buildDialogue(dir: string, name: string, lines: Line[]): Recording {
  const pieces: string[] = [];
  const truth: Truth[] = [];
  let at = 0;
  let n = 0;
  const silence = (seconds: number) => {
    const path = join(dir, `${name}-${(n += 1)}.wav`);
    execFileSync('sox', [
      '-n',
      '-r',
      '16000',
      '-c',
      '1',
      '-b',
      '16',
      path,
      'trim',
      '0',
      String(seconds),
    ]);
    pieces.push(path);
    at += seconds;
  };
  for (const [voice, ...parts] of lines) {
    for (const part of parts) {
      const said = typeof part === 'string' ? part : part[1];
      const raw = join(dir, `${name}-${(n += 1)}-raw.wav`);
      const path = join(dir, `${name}-${n}.wav`);
      execFileSync('espeak-ng', ['-v', VOICES[voice], '-s', '150', '-w', raw, said]);
      execFileSync('sox', [raw, '-r', '16000', '-c', '1', '-b', '16', path]);
      const seconds = Number(execFileSync('soxi', ['-D', path], { encoding: 'utf8' }));
      if (typeof part !== 'string')
        truth.push({
          start: at,
          end: at + seconds,
          what: part[0],
          tokens: said.split(/\s+/).length,
        });
      pieces.push(path);
      at += seconds;
      silence(PART_GAP);
    }
    silence(LINE_GAP);
  }
  const path = join(dir, `${name}.wav`);
  execFileSync('sox', [...pieces, path]);
  return { set: 'built dialogues', name, path, truth };
}

/** As the benchmarks transcribe (word timestamps included), in English. */
const OPTIONS = { ...benchOptions(MODEL), language: 'en' };

interface Tally {
  piiTokens: number;
  caught: number;
  otherWords: number;
  removed: number;
}

const pct = (part: number, whole: number) =>
  whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} %`;

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-pii-'));
  const engine = new ProcessSpeechEngine();
  try {
    const calls = realCalls();
    if (calls.length === 0)
      console.log(`No real calls: ${CONVERSATIONS} is not there; built dialogues only.`);
    const recordings = [
      ...calls,
      ...Object.entries(DIALOGUES).map(([name, lines]) => buildDialogue(dir, name, lines)),
    ];
    const tallies = new Map<string, Tally>();
    const byPolicy = new Map<string, { tokens: number; caught: number }>();
    console.log(`model ${MODEL}; every policy (${PII_POLICIES.join(', ')}), # substitution\n`);
    for (const recording of recordings) {
      const result = await engine.transcribe(recording.path, OPTIONS, () => undefined);
      const heard = result.words;
      const redacted = redactWords(heard, { policies: PII_POLICIES, sub: 'hash' }, result.text);
      // A heard word is in a stretch when its middle is (word times are rough at the edges).
      const heardIn = (w: { start: number; end: number }, t: Truth) =>
        (w.start + w.end) / 2 >= t.start && (w.start + w.end) / 2 <= t.end;
      const isRedacted = heard.map((w, i) => redacted[i]!.text !== w.text);
      const tally = tallies.get(recording.set) ?? {
        piiTokens: 0,
        caught: 0,
        otherWords: 0,
        removed: 0,
      };
      for (const truth of recording.truth) {
        // The stretch's tokens count as caught in the share of its heard words that were redacted.
        const inside = heard
          .map((w, i) => [w, isRedacted[i]] as const)
          .filter(([w]) => heardIn(w, truth));
        const share = inside.length === 0 ? 0 : inside.filter(([, r]) => r).length / inside.length;
        tally.piiTokens += truth.tokens;
        tally.caught += truth.tokens * share;
        const policy = byPolicy.get(truth.what) ?? { tokens: 0, caught: 0 };
        byPolicy.set(truth.what, {
          tokens: policy.tokens + truth.tokens,
          caught: policy.caught + truth.tokens * share,
        });
      }
      heard.forEach((w, i) => {
        if (recording.truth.some((t) => heardIn(w, t))) return;
        tally.otherWords += 1;
        if (isRedacted[i]) tally.removed += 1;
      });
      tallies.set(recording.set, tally);
      console.log(`${recording.set} · ${recording.name}: ${redacted.map((w) => w.text).join(' ')}`);
    }
    console.log('\n| set | PII tokens | caught | other words | wrongly removed |');
    console.log('|---|---|---|---|---|');
    for (const [set, t] of tallies)
      console.log(
        `| ${set} | ${t.piiTokens} | ${pct(t.caught, t.piiTokens)} | ${t.otherWords} | ${pct(t.removed, t.otherWords)} |`,
      );
    console.log('\n| policy (both sets) | PII tokens | caught |\n|---|---|---|');
    for (const [policy, t] of byPolicy)
      console.log(`| ${policy} | ${t.tokens} | ${pct(t.caught, t.tokens)} |`);
  } finally {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
