import type { PiiPolicy, PiiSubstitution } from '@parlance/contract';
import { ENTITY_POLICIES, namedEntities, type Entity } from './namedEntities.js';

/**
 * PII redaction of a transcript, before anything of it is stored or sent: personal data written
 * ("4111 1111 1111 1111", "jo@example.com") or spoken ("four one one one…", "jo at example dot
 * com") is replaced by `#` per character or by its policy's tag ("[CREDIT_CARD_NUMBER]").
 *
 * It reads a transcript as tokens (its words, or its texts split at spaces). Numbers are read
 * from digits and from number words, across tokens ("double four", "nineteen eighty four"); a
 * number is classified by its length and checksum (Luhn for cards, mod 97 for IBANs) and by the
 * words said just before it ("card", "phone", "social security", "account", "born"). After such a
 * word, a number dictated in groups with a few words between them ("0 3 8. Go on. 3 0 1…") is
 * one number.
 */

export interface Redaction {
  policies: readonly PiiPolicy[];
  sub: PiiSubstitution;
  /** A job's kept audio is replaced by a copy with a tone over what was redacted. */
  audio?: boolean;
}

/** Tokens `from` to `to` (exclusive) hold personal data of `policy`. */
interface Span {
  from: number;
  to: number;
  policy: PiiPolicy;
}

const UNITS: Record<string, number> = {
  zero: 0,
  oh: 0,
  o: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 2,
  thirty: 3,
  forty: 4,
  fourty: 4,
  fifty: 5,
  sixty: 6,
  seventy: 7,
  eighty: 8,
  ninety: 9,
};
const REPEATS: Record<string, number> = { double: 2, triple: 3 };
/** Said between the groups of a number. */
const SEPARATORS = new Set(['dash', 'hyphen']);

type Atom =
  | { kind: 'digits'; digits: string }
  | { kind: 'unit' | 'teen' | 'tens' | 'repeat'; value: number }
  | { kind: 'hundred' | 'thousand' | 'and' | 'separator' };

/** A token without the punctuation around it, lower case. */
const bare = (token: string) =>
  token
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}+]+/u, '')
    .replace(/[^\p{L}\p{N}]+$/u, '');

/** A written number: digits with the marks numbers are written with ("+44", "(555)", "12-34"). */
const WRITTEN_NUMBER = /^\+?\(?\d[\d\-–—()./:,]*$/;
/** A quantity, not an identifier: a time, a decimal, thousands, money, a share, an ordinal. */
const QUANTITY = /^(\d{1,2}:\d\d|\d+\.\d+|\d{1,3}(,\d{3})+|[$€£¥]\S*|\S*%|\d+(st|nd|rd|th))$/;

const quantity = (token: string) =>
  QUANTITY.test(token.replace(/^["'(]+/, '').replace(/[.,;:!?)"']+$/, ''));

/** What a token says as a number, or null when it is not (a part of) one. */
function atomsOf(token: string): Atom[] | null {
  const word = bare(token);
  if (word === '') return /^[-–—]+$/.test(token) ? [{ kind: 'separator' }] : null;
  if (WRITTEN_NUMBER.test(word)) return [{ kind: 'digits', digits: word.replace(/\D/g, '') }];
  const atoms: Atom[] = [];
  for (const part of word.split('-')) {
    if (/^\d+$/.test(part))
      atoms.push({ kind: 'digits', digits: part }); // "4-1-1-And"
    else if (part in UNITS) atoms.push({ kind: 'unit', value: UNITS[part]! });
    else if (part in TEENS) atoms.push({ kind: 'teen', value: TEENS[part]! });
    else if (part in TENS) atoms.push({ kind: 'tens', value: TENS[part]! });
    else if (part in REPEATS) atoms.push({ kind: 'repeat', value: REPEATS[part]! });
    else if (part === 'hundred') atoms.push({ kind: 'hundred' });
    else if (part === 'thousand') atoms.push({ kind: 'thousand' });
    else if (part === 'and') atoms.push({ kind: 'and' });
    else if (SEPARATORS.has(part)) atoms.push({ kind: 'separator' });
    else return null;
  }
  return atoms;
}

/** The most digits a number is read to: more than any kind has. */
const MAX_DIGITS = 40;

/** The digits of number atoms as a number is read out: "four hundred eleven" → 411, "forty one eleven" → 4111. */
function digitsOf(atoms: readonly Atom[]): string {
  let out = '';
  let tens: number | null = null;
  let fill = 0; // trailing zeros of "hundred"/"thousand" that the next number fills
  let repeat = 1;
  const put = (digits: string) => {
    const said = digits.repeat(repeat);
    repeat = 1;
    if (fill >= said.length) out = out.slice(0, out.length - said.length) + said;
    else out += said;
    fill = 0;
  };
  const flushTens = () => {
    if (tens !== null) put(`${tens}0`);
    tens = null;
  };
  for (const atom of atoms) {
    if (out.length >= MAX_DIGITS) break; // longer than any number it could be: enough to know
    switch (atom.kind) {
      case 'digits':
        flushTens();
        put(atom.digits);
        break;
      case 'unit':
        if (tens !== null) {
          const said = `${tens}${atom.value}`;
          tens = null;
          put(said);
        } else put(String(atom.value));
        break;
      case 'teen':
        flushTens();
        put(String(atom.value));
        break;
      case 'tens':
        flushTens();
        tens = atom.value;
        break;
      case 'repeat':
        flushTens();
        repeat = atom.value;
        break;
      case 'hundred':
      case 'thousand': {
        flushTens();
        const zeros = atom.kind === 'hundred' ? '00' : '000';
        out = (out === '' ? '1' : out) + zeros;
        fill = zeros.length;
        break;
      }
      case 'and':
      case 'separator':
        break;
    }
  }
  flushTens();
  return out;
}

/** A run of tokens that reads as one number. */
interface NumberRun {
  from: number;
  to: number;
  digits: string;
  /** Written with a leading "+" (an international phone number). */
  plus: boolean;
}

/** A token that is a number on its own: digits, or a number word other than "oh". */
function solid(token: string): boolean {
  const word = bare(token);
  return (
    atomsOf(token)?.some(
      (a) =>
        a.kind === 'digits' ||
        a.kind === 'teen' ||
        a.kind === 'tens' ||
        (a.kind === 'unit' && word !== 'oh' && word !== 'o'),
    ) ?? false
  );
}

/**
 * Whether token `i` is part of a number: a solid one, or "oh", "double", "hundred", "and", "dash"
 * where they are beside one ("two oh one", "double four", "four hundred and five").
 */
function numeric(tokens: readonly string[], taken: readonly boolean[], i: number): boolean {
  if (taken[i]) return false;
  const atoms = atomsOf(tokens[i]!);
  if (!atoms) return false;
  if (solid(tokens[i]!)) return true;
  const before = i > 0 && !taken[i - 1] && solid(tokens[i - 1]!);
  const after = i + 1 < tokens.length && !taken[i + 1] && solid(tokens[i + 1]!);
  const kind = atoms[0]!.kind;
  if (kind === 'unit') return before || after; // "oh"
  if (kind === 'repeat') return after || /^(oh|o)$/.test(bare(tokens[i + 1] ?? '')); // "double oh"
  if (kind === 'hundred' || kind === 'thousand') return before;
  if (kind === 'and') return after && i > 0 && /^(hundred|thousand)$/.test(bare(tokens[i - 1]!));
  return before && after; // a separator
}

/**
 * The runs of consecutive number tokens, each with the digits it says. A quantity (a time, a price,
 * a decimal) is not part of one.
 */
function numberRuns(tokens: readonly string[], taken: readonly boolean[]): NumberRun[] {
  const inRun = (i: number) => numeric(tokens, taken, i) && !quantity(tokens[i]!);
  const runs: NumberRun[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (!inRun(i)) {
      i += 1;
      continue;
    }
    const from = i;
    while (i < tokens.length && inRun(i)) i += 1;
    const digits = digitsOf(tokens.slice(from, i).flatMap((token) => atomsOf(token) ?? []));
    if (digits !== '')
      runs.push({ from, to: i, digits, plus: bare(tokens[from]!).startsWith('+') });
  }
  return runs;
}

type Cue = 'card' | 'phone' | 'ssn' | 'bank' | 'birth';
const CUES: Record<Cue, RegExp> = {
  card: /^(card|cards|visa|mastercard|amex|credit|debit)$/,
  phone: /^(phone|telephone|mobile|cell|call|reach|fax|landline|extension|whatsapp)$/,
  ssn: /^(social|ssn)$/,
  bank: /^(account|accounts|routing|iban|sort|bank|acct|swift)$/,
  birth: /^(born|birth|birthday|dob|birthdate)$/,
};
/** How far before a number a cue word counts, in tokens. */
const CUE_REACH = 6;
/** "My number", "your number": a phone number, unless a word before says what kind. */
const WHOSE = /^(my|your|his|her|our|their|contact|direct|best)$/;

/** A token as a cue reads it: bare, without "'s" ("my phone's …"). */
const cueWord = (token: string) => bare(token).replace(/['’]s$/u, '');

function cueOf(word: string): Cue | null {
  for (const cue of Object.keys(CUES) as Cue[]) if (CUES[cue].test(word)) return cue;
  return null;
}

/** The cue said nearest before token `at` (within CUE_REACH tokens), or null. */
function cueBefore(tokens: readonly string[], at: number): Cue | null {
  for (let i = at - 1; i >= Math.max(0, at - CUE_REACH); i -= 1) {
    const word = cueWord(tokens[i]!);
    const cue = cueOf(word);
    if (cue) return cue;
    if (word === 'number' && i > 0 && WHOSE.test(cueWord(tokens[i - 1]!))) return 'phone';
  }
  return null;
}

/** What a number of this policy holds: the fewest digits, as many as it usually has, the most. */
const LENGTHS: Record<Exclude<Cue, 'birth'>, { min: number; usual: number; max: number }> = {
  card: { min: 12, usual: 16, max: 19 },
  phone: { min: 7, usual: 10, max: 15 },
  ssn: { min: 9, usual: 9, max: 9 },
  bank: { min: 6, usual: 8, max: 17 },
};
const POLICY_OF: Record<Exclude<Cue, 'birth'>, PiiPolicy> = {
  card: 'credit_card_number',
  phone: 'phone_number',
  ssn: 'us_social_security_number',
  bank: 'banking_information',
};
/** Words between the groups of a dictated number ("0 3 8. Yes, go on. 3 0 1"), at most. */
const DICTATION_GAP = 8;

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The policy of a number heard without a cue: the first of those it could be that is asked for
 * (a "+" makes it a phone number first), or null.
 */
function uncuedPolicy(
  run: NumberRun,
  tokens: readonly string[],
  wanted: ReadonlySet<PiiPolicy>,
): PiiPolicy | null {
  const n = run.digits.length;
  const written = tokens.slice(run.from, run.to).map(bare).join(' ');
  const phone =
    n === 10 || (n === 11 && /^[01]/.test(run.digits)) || (run.plus && n >= 8 && n <= 15);
  const could: [PiiPolicy, boolean][] = [
    ['phone_number', phone && run.plus],
    ['credit_card_number', n >= 13 && n <= 19 && luhn(run.digits)],
    ['us_social_security_number', /^\d{3}[- ]\d{2}[- ]\d{4}$/.test(written)],
    ['phone_number', phone],
  ];
  return could.find(([policy, may]) => may && wanted.has(policy))?.[0] ?? null;
}

/** What a number at the end of an open text (a live final) may be the start of, asked for. */
const STARTS_OF: PiiPolicy[] = [
  'phone_number',
  'credit_card_number',
  'banking_information',
  'us_social_security_number',
];
/** A 4-digit year on its own: not a group of a number dictated before it, nor the start of one. */
const yearAlone = (run: NumberRun) => run.to - run.from === 1 && /^(19|20)\d\d$/.test(run.digits);

/** Numbers that are cards, phone numbers, social security numbers or bank accounts. */
function numberSpans(
  tokens: readonly string[],
  taken: boolean[],
  open: boolean,
  wanted: ReadonlySet<PiiPolicy>,
): Span[] {
  const runs = numberRuns(tokens, taken);
  const spans: Span[] = [];
  for (let r = 0; r < runs.length; r += 1) {
    const run = runs[r]!;
    const said = cueBefore(tokens, run.from);
    // A number after a cue of a kind not asked for is read as if none were said.
    const cue = said && said !== 'birth' && wanted.has(POLICY_OF[said]) ? said : null;
    // A group starts with two digits or more, not a year ("2 years", "in 2019" start none).
    if (cue && run.digits.length >= 2 && !yearAlone(run)) {
      const { min, usual, max } = LENGTHS[cue];
      // A number dictated in groups: the runs that follow within a few words, up to its usual length.
      const group = [run];
      let digits = run.digits;
      while (digits.length < usual && r + 1 < runs.length) {
        const next = runs[r + 1]!;
        const gap = next.from - group.at(-1)!.to;
        if (gap > DICTATION_GAP || yearAlone(next) || digits.length + next.digits.length > max)
          break;
        group.push(next);
        digits += next.digits;
        r += 1;
      }
      // Longer than such a number can be is still one said after its cue (misheard, run on).
      if (digits.length >= min) {
        for (const part of group)
          spans.push({ from: part.from, to: part.to, policy: POLICY_OF[cue] });
        continue;
      }
      // Cut short where more may follow (a live stream): what was said of it so far.
      if (open && group.at(-1)!.to + DICTATION_GAP >= tokens.length) {
        for (const part of group)
          spans.push({ from: part.from, to: part.to, policy: POLICY_OF[cue] });
        continue;
      }
      r -= group.length - 1; // not one number: each run on its own
    }
    const policy =
      uncuedPolicy(run, tokens, wanted) ??
      // The end of an open text: three digits or more may be the start of one.
      (open && run.to >= tokens.length - 1 && run.digits.length >= 3 && !yearAlone(run)
        ? (STARTS_OF.find((kind) => wanted.has(kind)) ?? null)
        : null);
    if (policy) spans.push({ from: run.from, to: run.to, policy });
  }
  return spans;
}

/** Top-level domains: these, and every two-letter (country) one. */
const GENERIC_TLDS = new Set(
  'com org net edu gov mil int info biz name pro mobi app dev ai io tech online site shop xyz'.split(
    ' ',
  ),
);
const TLDS = { has: (tld: string) => GENERIC_TLDS.has(tld) || /^[a-z]{2}$/.test(tld) };
const WRITTEN_EMAIL = /^[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}$/u;
const WRITTEN_DOMAIN = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.(\p{L}{2,})$/u;
const EMAIL_JOINERS = new Set(['dot', 'underscore', 'dash', 'hyphen', 'period']);
/** Words that are not the name part of an e-mail address said before "at". */
const NOT_A_NAME = new Set(
  'is me us him her them it that this here there home work least all once look be me arrive was were am are'.split(
    ' ',
  ),
);

/** How far before an address "e-mail" counts, in tokens (a question, then its answer). */
const EMAIL_REACH = 10;
/** Said before the name of an address ("send it to anna at example.org"). */
const ADDRESSED = /^(to|is|cc|address|e-?mail)$/;

/** E-mail addresses, written ("jo@example.com") or said ("jo dot smith at example dot com"). */
function emailSpans(tokens: readonly string[], taken: boolean[]): Span[] {
  const spans: Span[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    if (taken[i]) continue;
    const word = bare(tokens[i]!);
    const emailSaid = () =>
      tokens.slice(Math.max(0, i - EMAIL_REACH), i).some((token) => /^e-?mail$/.test(bare(token)));
    const domain = WRITTEN_DOMAIN.exec(word);
    // An address, or what the model made of one after "e-mail" ("johnatgmail.com").
    if (WRITTEN_EMAIL.test(word) || (domain && TLDS.has(domain[2]!) && emailSaid())) {
      spans.push({ from: i, to: i + 1, policy: 'email_address' });
      continue;
    }
    if (word !== 'at' || i === 0 || i + 1 >= tokens.length) continue;
    // The domain: "example.com", or "example dot co dot uk".
    let end = -1;
    const next = bare(tokens[i + 1]!);
    const written = WRITTEN_DOMAIN.exec(next);
    if (written && TLDS.has(written[2]!)) end = i + 2;
    else {
      let j = i + 1;
      while (
        j + 2 < tokens.length &&
        /^[\p{L}\p{N}-]+$/u.test(bare(tokens[j]!)) &&
        bare(tokens[j + 1]!) === 'dot'
      ) {
        j += 2;
        if (TLDS.has(bare(tokens[j]!))) end = j + 1;
      }
    }
    if (end === -1) continue;
    // The name: the word before "at", and the words joined to it by "dot", "underscore", …
    let start = i - 1;
    const name = bare(tokens[start]!);
    // "works at google.com" is a workplace: a written domain takes a name that looks like one
    // ("jo.smith", "jo2", "jo dot smith") or an "e-mail" said before.
    const addressLike =
      !written ||
      /[._\d]/.test(name) ||
      (start >= 1 && ADDRESSED.test(bare(tokens[start - 1]!))) ||
      (start >= 2 && EMAIL_JOINERS.has(bare(tokens[start - 1]!))) ||
      emailSaid();
    if (name === '' || NOT_A_NAME.has(name) || taken[start] || !addressLike) {
      // Its name not heard ("my email is at example.com"): the address that was.
      if (emailSaid()) {
        spans.push({ from: i, to: end, policy: 'email_address' });
        i = end - 1;
      }
      continue;
    }
    while (
      start >= 2 &&
      EMAIL_JOINERS.has(bare(tokens[start - 1]!)) &&
      bare(tokens[start - 2]!) !== ''
    )
      start -= 2;
    spans.push({ from: start, to: end, policy: 'email_address' });
    i = end - 1;
  }
  return spans;
}

/** IBANs, written in groups ("GB82 WEST 1234 5698 7654 32"), checked by their mod-97 digits. */
function ibanSpans(tokens: readonly string[], taken: boolean[]): Span[] {
  const spans: Span[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const first = tokens[i]!.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
    if (taken[i] || !/^[A-Z]{2}\d{2}/.test(first)) continue;
    let text = first;
    let best = -1;
    for (let j = i + 1; ; j += 1) {
      if (text.length >= 15 && text.length <= 34 && ibanValid(text)) best = j;
      const part = tokens[j]?.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
      if (
        j >= tokens.length ||
        taken[j] ||
        !part ||
        part.length > 4 ||
        text.length + part.length > 34
      )
        break;
      text += part;
    }
    if (best !== -1) {
      spans.push({ from: i, to: best, policy: 'banking_information' });
      i = best - 1;
    }
  }
  return spans;
}

function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const char of moved) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

const MONTHS = new Set(
  'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
);
const ORDINAL_WORDS =
  /^(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|(twenty|thirty)-?(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth))$/;
const NUMERIC_DATE = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}$/;
/** How far after the cue ("born on …") a date of birth may start, in tokens. */
const DATE_REACH = 3;

/** Dates said after "born", "birthday", "date of birth": the date's words. */
function birthSpans(tokens: readonly string[], taken: boolean[]): Span[] {
  const spans: Span[] = [];
  const datePart = (i: number) => {
    const word = bare(tokens[i] ?? '');
    return (
      MONTHS.has(word) ||
      ORDINAL_WORDS.test(word) ||
      /^\d{1,2}(st|nd|rd|th)$/.test(word) ||
      NUMERIC_DATE.test(word) ||
      (i < tokens.length && numeric(tokens, taken, i) && word !== 'and')
    );
  };
  for (let cue = 0; cue < tokens.length; cue += 1) {
    if (cueOf(cueWord(tokens[cue]!)) !== 'birth') continue;
    for (let start = cue + 1; start <= cue + DATE_REACH && start < tokens.length; start += 1) {
      if (taken[start] || !datePart(start)) continue;
      let end = start;
      let anchored = false; // a month or a written date: not any number
      while (end < tokens.length && !taken[end]) {
        const word = bare(tokens[end]!);
        if (datePart(end)) {
          if (MONTHS.has(word) || NUMERIC_DATE.test(word)) anchored = true;
          end += 1;
        } else if ((word === 'of' || word === 'the') && datePart(end + 1)) end += 1;
        else break;
      }
      // Or a year, in digits or in words ("nineteen eighty four").
      const said = digitsOf(tokens.slice(start, end).flatMap((token) => atomsOf(token) ?? []));
      if (anchored || /(19|20)\d\d$/.test(said)) {
        spans.push({ from: start, to: end, policy: 'date_of_birth' });
        cue = end - 1;
      }
      break;
    }
  }
  return spans;
}

/**
 * Names and places, each stretch cut where a token is already taken. A place takes the number said
 * just before it ("twenty two | Regent Street") and a postcode after it.
 */
function entitySpans(
  tokens: readonly string[],
  taken: boolean[],
  open: boolean,
  wanted: ReadonlySet<PiiPolicy>,
): Span[] {
  if (!ENTITY_POLICIES.some((policy) => wanted.has(policy))) return [];
  const spans: Span[] = [];
  const entities = namedEntities(tokens);
  for (const entity of [...entities, ...spelledNames(tokens, entities, open)]) {
    let { from, to } = entity;
    if (entity.kind === 'location') {
      while (from > 0 && !taken[from - 1] && houseNumber(tokens[from - 1]!)) from -= 1;
      while (to < tokens.length && !taken[to] && POSTCODE.test(bare(tokens[to]!))) to += 1;
    }
    for (let i = from; i < to; i += 1) {
      if (taken[i]) continue;
      const start = i;
      while (i < to && !taken[i]) i += 1;
      spans.push({ from: start, to: i, policy: entity.kind });
    }
  }
  return spans;
}

/** A word spelled out as one token: "C-H-E-R-Y-L", "C.H.E.R.Y.L.". */
const SPELLED = /^([a-z][-.]){2,}[a-z]\.?$/;
/** The start of one, where a live final may have cut it: "C-H", "C-H-". */
const SPELLING_BEGUN = /^[a-z]([-.][a-z]?)+$/;
/** What a spelling follows: "could you spell it", "the surname", "my name is" ("name" with "is"). */
const SPELLING_CUES = new Set(['spell', 'spelled', 'spelling', 'spelt', 'surname', "name's"]);
const spellingCue = (tokens: readonly string[], i: number) =>
  SPELLING_CUES.has(bare(tokens[i]!)) ||
  (bare(tokens[i]!) === 'name' && /^(is|was)$/.test(bare(tokens[i + 1] ?? '')));
/** How far back (tokens) a name or a cue makes a spelled word a name. */
const SPELLING_REACH = 8;
/** Words said as their letters that are not names ("a.k.a.", "the U-S-A", "a P D F"). */
const INITIALISMS = new Set(
  'aka asap rsvp usa pdf faq diy eta ceo cfo fbi cia nyc atm vip tbd fyi bbc cnn nhs gps dvd am pm eg ie us uk ok tv dc la eu un ps pc id'.split(
    ' ',
  ),
);

/** Letters that spell a common initialism, perhaps after "a" ("a P D F"). */
const initialism = (letters: string) =>
  INITIALISMS.has(letters) || INITIALISMS.has(letters.replace(/^[ai]/, ''));

/**
 * Names spelled out letter by letter ("c h e r y l", "T-U-R-N-E-R"), which no tagger reads as a
 * name: a word spelled as one token, or three or more one-letter tokens in a row (not only "a"
 * and "i", which are words; a run ends at a "." or "," before one of those), said soon after a
 * name or after "spell" or "name is". Common initialisms are not names. `open` (a live final, which
 * may end inside a spelling): its last one or two letters ("C H", "C-H") count as begun when a
 * spelling was asked for just before.
 */
function spelledNames(
  tokens: readonly string[],
  entities: readonly Entity[],
  open: boolean,
): Entity[] {
  const letters = tokens.map((token) => /^[a-z]$/.test(bare(token)));
  const cued = (from: number) => {
    for (let i = Math.max(0, from - SPELLING_REACH); i < from; i += 1)
      if (spellingCue(tokens, i)) return true;
    return false;
  };
  const near = (from: number) =>
    cued(from) ||
    entities.some(
      ({ kind, to }) => kind === 'person_name' && to <= from && from - to < SPELLING_REACH,
    );
  // Where the words end: a dash or a dot after the last letters is not a word.
  let end = tokens.length;
  while (end > 0 && bare(tokens[end - 1]!) === '') end -= 1;
  const found: Entity[] = [];
  for (let i = 0; i < end; i += 1) {
    let to = i;
    const token = bare(tokens[i]!);
    if (SPELLED.test(token) || (open && i === end - 1 && SPELLING_BEGUN.test(token))) to = i + 1;
    else
      while (
        to < tokens.length &&
        letters[to] &&
        !(to > i && /[.,?!]$/.test(tokens[to - 1]!) && /^[ai]$/.test(bare(tokens[to]!)))
      )
        to += 1;
    const word = tokens.slice(i, to).map(bare);
    const joined = word.join('').replace(/[-.]/g, '');
    // What a live final ends with may be a spelling cut short: its letters so far count, after a
    // word that asks for a spelling (after a name alone, "the U.S." or "vitamin C" stay).
    const cut = open && to === end && joined.length < 3 && cued(i);
    const spelled =
      ((to - i === 1 && !letters[i] && (joined.length >= 3 || cut)) ||
        ((to - i >= 3 || (cut && to > i)) && word.some((l) => !/^[ai]$/.test(l)))) &&
      !initialism(joined);
    if (spelled && (cut || near(i))) found.push({ from: i, to, kind: 'person_name' });
    if (to > i) i = to - 1;
  }
  return found;
}

/** A house number's token: digits ("12", "12a") or a number word. */
const houseNumber = (token: string) =>
  /^\d{1,5}[a-z]?$/.test(bare(token)) ||
  (atomsOf(token)?.every((atom) => atom.kind !== 'and' && atom.kind !== 'separator') ?? false);
/** A postcode's part: a UK outward or inward code ("cb2", "1tn") or a US ZIP code. */
const POSTCODE = /^([a-z]{1,2}\d[a-z\d]?|\d[a-z]{2}|\d{5}(-\d{4})?)$/;

/**
 * The personal data of these policies in a transcript's tokens. `open`: more may follow (a live
 * stream), so a number said after its cue is personal data before it has all its digits.
 */
function findPii(tokens: readonly string[], policies: readonly PiiPolicy[], open: boolean): Span[] {
  const wanted = new Set(policies);
  const taken = tokens.map(() => false);
  const found: Span[] = [];
  // The most particular first: an address's digits or a date's year are not read as a number, and
  // a name or a place is looked for in what no number or address took.
  for (const finder of [emailSpans, ibanSpans, birthSpans, numberSpans, entitySpans]) {
    for (const span of finder(tokens, taken, open, wanted)) {
      if (!wanted.has(span.policy)) continue;
      found.push(span);
      for (let i = span.from; i < span.to; i += 1) taken[i] = true;
    }
  }
  return found.sort((a, b) => a.from - b.from);
}

const tagOf = (policy: PiiPolicy) => `[${policy.toUpperCase()}]`;
/** A token that is (or holds) a policy's tag: already redacted. */
const TAG = /\[[A-Z_]+\]/;

/** What comes with tokens to redact when they are part of a live stream. */
export interface StreamContext {
  /** The tokens said before them (the stream's earlier finals): read for cues, not redacted. */
  before: readonly string[];
  /** More may follow, so a number said after its cue is redacted before it has all its digits. */
  open: boolean;
}

const WHOLE: StreamContext = { before: [], open: false };

/**
 * The tokens with their personal data replaced: `#` per letter and digit, or the policy's tag
 * once per span and part (a token that starts a part: `starts`), '' for the rest of its tokens.
 */
function redactTokens(
  tokens: readonly string[],
  redaction: Redaction,
  starts: ReadonlySet<number>,
  context: StreamContext,
): string[] {
  const all = [...context.before, ...tokens];
  const offset = context.before.length;
  const parts = new Set([offset, ...[...starts].map((start) => start + offset)]);
  const out = [...tokens];
  for (const span of findPii(all, redaction.policies, context.open)) {
    for (let i = Math.max(span.from, offset); i < span.to; i += 1) {
      const token = all[i]!;
      if (redaction.sub === 'hash') out[i - offset] = token.replace(/[\p{L}\p{N}]/gu, '#');
      else if (i === span.from || parts.has(i)) {
        // The tag keeps the punctuation around the part (a quote before, "." after).
        const last = all[lastOfPart(span, i, parts)]!;
        out[i - offset] =
          `${/^[^\p{L}\p{N}+(]*/u.exec(token)![0]}${tagOf(span.policy)}${/[^\p{L}\p{N}]*$/u.exec(last)![0]}`;
      } else out[i - offset] = '';
    }
  }
  return out;
}

/** The last token of the part of `span` that starts at `from`. */
function lastOfPart(span: Span, from: number, starts: ReadonlySet<number>): number {
  let i = from + 1;
  while (i < span.to && !starts.has(i)) i += 1;
  return i - 1;
}

/** A text's tokens: the words and, before each, its spaces. */
const spacedTokensOf = (text: string) =>
  [...text.matchAll(/(\s*)(\S+)/g)].map(([, space, word]) => ({ space: space!, word: word! }));

/**
 * Texts redacted as one transcript (a number may go on from one segment into the next); a tag
 * starts again in each text. A token replaced by nothing takes its space with it.
 */
export function redactTexts(
  texts: readonly string[],
  redaction: Redaction,
  context: StreamContext = WHOLE,
): string[] {
  const split = texts.map(spacedTokensOf);
  const starts = new Set<number>();
  let at = 0;
  for (const tokens of split) {
    starts.add(at);
    at += tokens.length;
  }
  const redacted = redactTokens(
    split.flatMap((tokens) => tokens.map((t) => t.word)),
    redaction,
    starts,
    context,
  );
  let i = 0;
  return split.map((tokens, t) => {
    const lead = /^\s*/.exec(texts[t]!)![0];
    const trail = /\s*$/.exec(texts[t]!)![0];
    const kept = tokens
      .map((token) => ({ ...token, word: redacted[i++]! }))
      .filter((token) => token.word !== '');
    const body = kept.map((token, k) => (k === 0 ? token.word : token.space + token.word)).join('');
    return tokens.length === 0 ? texts[t]! : lead + body + (body === '' ? '' : trail);
  });
}

interface TimedWord {
  start: number;
  end: number;
  text: string;
  confidence: number;
}

/** How far past the last word the text is searched for the start of the next (characters). */
const NEAR = 200;

/**
 * Which whole token of `text` each word is in: the model splits a token such as "jo@example.com"
 * into words ("jo@example", ".com"), which the text writes without a space between them.
 */
function tokenOfEachWord(words: readonly TimedWord[], text: string): number[] {
  const tokens: number[] = [];
  let cursor = 0;
  let token = -1;
  for (const word of words) {
    // Looked for near where the last one ended: a word the text lacks costs no scan of the rest.
    const near =
      word.text === ''
        ? -1
        : text.slice(cursor, cursor + NEAR + word.text.length).indexOf(word.text);
    const at = near === -1 ? -1 : cursor + near;
    const glued = token >= 0 && at === cursor && at > 0 && !/\s/.test(text[at - 1]!);
    if (!glued) token += 1;
    tokens.push(token);
    if (at !== -1) cursor = at + word.text.length;
  }
  return tokens;
}

/**
 * Timed words redacted as `text` (the transcript they are the words of) is: a tag stands for its
 * span's words, from the first one's start to the last one's end.
 */
export function redactWords<W extends TimedWord>(
  words: readonly W[],
  redaction: Redaction,
  text: string = words.map((word) => word.text).join(' '),
  context: StreamContext = WHOLE,
): W[] {
  const tokenOf = tokenOfEachWord(words, text);
  const tokens: string[] = [];
  words.forEach((word, i) => (tokens[tokenOf[i]!] = (tokens[tokenOf[i]!] ?? '') + word.text));
  const redacted = redactTokens(tokens, redaction, new Set(), context);
  const out: W[] = [];
  words.forEach((word, i) => {
    const token = tokenOf[i]!;
    const first = tokenOf[i - 1] !== token;
    const replaced = redacted[token] !== tokens[token];
    const textOf = !replaced
      ? word.text
      : redaction.sub === 'hash'
        ? word.text.replace(/[\p{L}\p{N}]/gu, '#')
        : first
          ? redacted[token]!
          : '';
    const tag = out.at(-1);
    // A word replaced by nothing is in its span's tag, the word before it.
    if (replaced && textOf === '' && tag) {
      out[out.length - 1] = {
        ...tag,
        end: word.end,
        confidence: Math.min(tag.confidence, word.confidence),
      };
    } else out.push({ ...word, text: textOf });
  });
  return out;
}

interface Transcribed {
  text: string;
  segments: readonly { text: string }[];
  words: readonly TimedWord[];
  utterances?: readonly { text: string }[] | undefined;
}

/** A transcript with its personal data redacted in every part: text, segments, words, utterances. */
export function redactTranscript<T extends Transcribed>(result: T, redaction: Redaction): T {
  const texts = <I extends { text: string }>(items: readonly I[]) => {
    const redacted = redactTexts(
      items.map((item) => item.text),
      redaction,
    );
    return items.map((item, i) => ({ ...item, text: redacted[i]! }));
  };
  return {
    ...result,
    text: redactTexts([result.text], redaction)[0]!,
    segments: texts(result.segments),
    words: redactWords(result.words, redaction, result.text),
    ...(result.utterances ? { utterances: texts(result.utterances) } : {}),
  };
}

/** A text's tokens, as redaction reads them (a live stream's context). */
export const tokensOf = (text: string) => text.split(/\s+/).filter((token) => token !== '');

/**
 * A live stream's partial, when it redacts: what a final would hide, and besides every number
 * (digits, number words, "oh", "double", ordinals), every address in the making ("anna dot
 * smith", "anna at" after "e-mail") and, when names or places are redacted, every capitalized word
 * inside a sentence, since the rest of one may not have been heard yet.
 */
export function redactPartial(
  text: string,
  redaction: Redaction,
  before: readonly string[],
): string {
  const [redacted] = redactTexts([text], redaction, { before, open: true });
  const tokens = redacted!.split(/(\s+)/);
  const words = tokens.map((token) => bare(token));
  const emailSaid = [...before.map(bare), ...words].some((word) => /^e-?mail$/.test(word));
  const names = ENTITY_POLICIES.some((policy) => redaction.policies.includes(policy));
  const hidden = tokens.map(
    (token, i) =>
      !TAG.test(token) &&
      ((names && capitalizedWithin(tokens, i)) ||
        (atomsOf(token) !== null && words[i] !== 'and') ||
        ORDINAL_WORDS.test(words[i]!) ||
        /^\d+(st|nd|rd|th)$/.test(words[i]!) ||
        token.includes('@') ||
        WRITTEN_DOMAIN.test(words[i]!)),
  );
  // A spoken address in the making: the words around "dot", and the name before "at".
  words.forEach((word, i) => {
    if (EMAIL_JOINERS.has(word) || (word === 'at' && emailSaid))
      for (const j of [i - 2, i, i + 2])
        if (j >= 0 && j < tokens.length && !TAG.test(tokens[j]!)) hidden[j] = true;
  });
  return tokens
    .map((token, i) => (hidden[i] ? token.replace(/[\p{L}\p{N}]/gu, '#') : token))
    .join('');
}

/**
 * A capitalized word inside a sentence (not its first, not "I"): in a partial it may be a name or
 * a place whose end has not been heard yet, so the tagger may not know it for one.
 */
function capitalizedWithin(tokens: readonly string[], i: number): boolean {
  const token = tokens[i]!;
  if (!/^[^\p{L}[]*\p{Lu}/u.test(token) || /^I\b/.test(token)) return false;
  for (let j = i - 1; j >= 0; j -= 1)
    if (/\S/.test(tokens[j]!)) return !/[.!?]["')]*$/.test(tokens[j]!);
  return false;
}

/** How close two redacted stretches of audio may be and still be bleeped as one (seconds). */
const BLEEP_JOIN = 0.3;
/** How far a bleep reaches past its words' times, each side (seconds): word times are rough. */
const BLEEP_PAD = 0.1;

/** The stretches of audio (seconds) that hold what `redaction` removes from these timed words. */
export function redactedTimes(
  words: readonly TimedWord[],
  redaction: Redaction,
  text: string,
): { start: number; end: number }[] {
  const redacted = redactWords(words, { ...redaction, sub: 'hash' }, text);
  const spans: { start: number; end: number }[] = [];
  words.forEach((word, i) => {
    if (redacted[i]!.text === word.text) return;
    const start = Math.max(0, word.start - BLEEP_PAD);
    const end = word.end + BLEEP_PAD;
    const last = spans.at(-1);
    if (last && start - last.end <= BLEEP_JOIN) last.end = Math.max(last.end, end);
    else spans.push({ start, end });
  });
  return spans;
}
