import nlp from 'compromise';

/**
 * People's names and places (cities, countries, streets with their numbers) in a transcript's
 * tokens, found by compromise: a rule-based English tagger whose lexicon ships inside its npm
 * package and runs on CPU. Each found stretch is the tokens it overlaps.
 */
/** The `redact_pii` policies whose data the tagger finds. */
export const ENTITY_POLICIES = ['person_name', 'location'] as const;

export interface Entity {
  from: number;
  to: number;
  kind: (typeof ENTITY_POLICIES)[number];
}

interface Match {
  offset: { start: number; length: number };
}

/**
 * The last text tagged and what was found in it: a transcript's text, segments and words are the
 * same tokens, redacted one after the other, and tagging is the slow part (about 1.5 s for an
 * hour's words).
 */
let last: { text: string; entities: Entity[] } | undefined;

export function namedEntities(tokens: readonly string[]): Entity[] {
  if (tokens.length === 0) return [];
  const starts: number[] = [];
  let text = '';
  for (const token of tokens) {
    if (text !== '') text += ' ';
    starts.push(text.length);
    text += token;
  }
  if (last?.text === text) return last.entities;
  const doc = nlp(text);
  const entities: Entity[] = [];
  const add = (matches: Match[], kind: Entity['kind']) => {
    for (const { offset } of matches) {
      const end = offset.start + offset.length;
      let from = 0;
      while (from + 1 < tokens.length && starts[from + 1]! <= offset.start) from += 1;
      let to = from + 1;
      while (to < tokens.length && starts[to]! < end) to += 1;
      entities.push({ from, to, kind });
    }
  };
  add(doc.people().json({ offset: true }) as Match[], 'person_name');
  add(doc.places().json({ offset: true }) as Match[], 'location');
  entities.sort((a, b) => a.from - b.from);
  last = { text, entities };
  return entities;
}
