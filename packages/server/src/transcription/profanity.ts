import { createRequire } from 'node:module';

/**
 * `filter_profanity`: words of the LDNOOBW list ("List of Dirty, Naughty, Obscene and Otherwise Bad
 * Words", maintained on GitHub, CC BY 4.0; the `naughty-words` package) are masked but for their
 * first letter ("f***"), as Deepgram and Rev.ai do. English only: the package's lists of other
 * languages hold everyday words ("cerveja", "pesce"), and the English one read in another language
 * hits its words ("dick" is German for fat, "sex" Swedish for six). Single words only: the list's
 * phrases are not matched.
 */

const require = createRequire(import.meta.url);

let english: ReadonlySet<string> | undefined;

function listed(): ReadonlySet<string> {
  english ??= new Set(
    (require('naughty-words/en.json') as string[])
      .filter((word) => !/\s/.test(word))
      .map((word) => word.toLowerCase()),
  );
  return english;
}

/** A word as the list holds it: letters and digits, with inner apostrophes ("fuck's" too). */
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

const mask = (word: string) => word[0] + '*'.repeat([...word].length - 1);

/** English `text` with the listed words masked ("fuck's" as "f***'s", "fuck-up" as "f***-up"). */
export function maskProfanity(text: string): string {
  const list = listed();
  return text.replace(WORD, (word) => {
    const possessive = /['’]s$/iu.exec(word)?.[0] ?? '';
    const stem = word.slice(0, word.length - possessive.length);
    return list.has(stem.toLowerCase()) ? mask(stem) + possessive : word;
  });
}

interface Transcribed {
  text: string;
  segments: readonly { text: string }[];
  words: readonly { text: string }[];
  utterances?: readonly { text: string }[] | undefined;
}

/** An English transcript with profanity masked in every part alike. */
export function filterProfanity<T extends Transcribed>(result: T): T {
  const masked = <I extends { text: string }>(items: readonly I[]) =>
    items.map((item) => ({ ...item, text: maskProfanity(item.text) }));
  return {
    ...result,
    text: maskProfanity(result.text),
    segments: masked(result.segments),
    words: masked(result.words),
    ...(result.utterances ? { utterances: masked(result.utterances) } : {}),
  };
}
