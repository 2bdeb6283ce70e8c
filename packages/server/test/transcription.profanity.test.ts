/** filter_profanity: the listed words masked but for their first letter, in every part. */
import { describe, expect, it } from 'vitest';
import { filterProfanity, maskProfanity } from '../src/transcription/profanity.js';

describe('profanity', () => {
  it('masks listed words whole, keeping their first letter and case', () => {
    expect(maskProfanity('What the fuck? This is Bullshit, you asshole.', 'en')).toBe(
      'What the f***? This is B*******, you a******.',
    );
    // Words that hold a listed word are not it.
    expect(maskProfanity('Scunthorpe passes the class assessment.', 'en')).toBe(
      'Scunthorpe passes the class assessment.',
    );
  });

  it("reads a text with its language's list and the English one", () => {
    expect(maskProfanity('Das ist Scheiße, what the fuck.', 'de')).toBe(
      'Das ist S******, what the f***.',
    );
    // A language without a list: English only.
    expect(maskProfanity('shit', 'xx')).toBe('s***');
  });

  it('masks every part of a transcript alike', () => {
    const said = 'oh shit it broke';
    const result = filterProfanity({
      text: said,
      language: 'en',
      segments: [{ start: 0, end: 2, text: said, language: 'en' }],
      words: said.split(' ').map((text, i) => ({ text, start: i, end: i + 1, confidence: 1 })),
      utterances: [{ speaker: 'A', text: said }],
    });
    expect(result.text).toBe('oh s*** it broke');
    expect(result.segments[0]?.text).toBe('oh s*** it broke');
    expect(result.utterances?.[0]?.text).toBe('oh s*** it broke');
    expect(result.words.map((w) => w.text)).toEqual(['oh', 's***', 'it', 'broke']);
  });
});
