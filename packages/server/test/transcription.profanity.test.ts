/** filter_profanity: the listed words masked but for their first letter, in every part. */
import { describe, expect, it } from 'vitest';
import { filterProfanity, maskProfanity } from '../src/transcription/profanity.js';

describe('profanity', () => {
  it('masks listed words whole, keeping their first letter and case', () => {
    expect(maskProfanity('What the fuck? This is Bullshit, you asshole.')).toBe(
      'What the f***? This is B*******, you a******.',
    );
    // Possessives and compounds: the listed word in them.
    expect(maskProfanity("That fuck-up's on me, shit's broken.")).toBe(
      "That f***-up's on me, s***'s broken.",
    );
    // Words that hold a listed word are not it.
    expect(maskProfanity('Scunthorpe passes the class assessment.')).toBe(
      'Scunthorpe passes the class assessment.',
    );
  });

  it('masks every part of a transcript alike', () => {
    const said = 'oh shit it broke';
    const result = filterProfanity({
      text: said,
      segments: [{ start: 0, end: 2, text: said }],
      words: said.split(' ').map((text, i) => ({ text, start: i, end: i + 1, confidence: 1 })),
      utterances: [{ speaker: 'A', text: said }],
    });
    expect(result.text).toBe('oh s*** it broke');
    expect(result.segments[0]?.text).toBe('oh s*** it broke');
    expect(result.utterances?.[0]?.text).toBe('oh s*** it broke');
    expect(result.words.map((w) => w.text)).toEqual(['oh', 's***', 'it', 'broke']);
  });
});
