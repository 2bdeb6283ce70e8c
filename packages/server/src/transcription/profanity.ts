import { createRequire } from 'node:module';

/**
 * `filter_profanity`: words of the LDNOOBW list ("List of Dirty, Naughty, Obscene and Otherwise Bad
 * Words", maintained on GitHub, CC BY 4.0; the `naughty-words` package) are masked but for their
 * first letter ("f***"), as Deepgram and Rev.ai do. A transcript is read with its language's list
 * and the English one (English swearing turns up in every language). Single words only: the list's
 * phrases, and languages written without spaces (Chinese, Japanese, Thai), are not matched.
 */

const require = createRequire(import.meta.url);

/** The languages the package has a list for (its file names), by ISO 639-1 code. */
const LISTED = new Set('ar cs da de en eo es fa fi fr hi hu it ko nl no pl pt ru sv tr'.split(' '));
const lists = new Map<string, ReadonlySet<string>>();

function listOf(language: string): ReadonlySet<string> {
  let list = lists.get(language);
  if (!list) {
    const words = require(`naughty-words/${language}.json`) as string[];
    list = new Set(words.filter((word) => !/\s/.test(word)).map((word) => word.toLowerCase()));
    lists.set(language, list);
  }
  return list;
}

/** A word as the lists hold it: letters, digits and inner apostrophes or hyphens. */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

const mask = (word: string) => word[0] + '*'.repeat([...word].length - 1);

/** `text` with the listed words of `language` (and English) masked. */
export function maskProfanity(text: string, language: string): string {
  const listed = [
    listOf('en'),
    ...(LISTED.has(language) && language !== 'en' ? [listOf(language)] : []),
  ];
  return text.replace(WORD, (word) =>
    listed.some((list) => list.has(word.toLowerCase())) ? mask(word) : word,
  );
}

interface Transcribed {
  text: string;
  language: string;
  segments: readonly { text: string; language?: string }[];
  words: readonly { text: string }[];
  utterances?: readonly { text: string }[] | undefined;
}

/** A transcript with profanity masked in every part; a segment is read in its own language. */
export function filterProfanity<T extends Transcribed>(result: T): T {
  const language = result.language;
  const masked = <I extends { text: string; language?: string }>(items: readonly I[]) =>
    items.map((item) => ({ ...item, text: maskProfanity(item.text, item.language ?? language) }));
  return {
    ...result,
    text: maskProfanity(result.text, language),
    segments: masked(result.segments),
    words: masked(result.words),
    ...(result.utterances ? { utterances: masked(result.utterances) } : {}),
  };
}
