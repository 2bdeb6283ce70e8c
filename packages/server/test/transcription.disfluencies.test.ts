/** The prompt of a job that keeps filler words: the request's own first, the fillers' last, in the limit. */
import { MAX_PROMPT_CHARS } from '@parlance/contract';
import { describe, expect, it } from 'vitest';
import { FILLER_PROMPT, withFillers } from '../src/transcription/disfluencies.js';

describe('withFillers', () => {
  it('puts the fillers nearest the speech, after the request’s prompt cut to fit', () => {
    expect(withFillers(null)).toBe(FILLER_PROMPT);
    expect(withFillers('Parlance, Ada.')).toBe(`Parlance, Ada. ${FILLER_PROMPT}`);
    const long = `b${'a'.repeat(999)}`;
    const sent = withFillers(long);
    expect(sent).toHaveLength(MAX_PROMPT_CHARS);
    expect(sent.endsWith(` ${FILLER_PROMPT}`)).toBe(true);
    // What is cut is the prompt's start.
    expect(sent.startsWith(`${'a'.repeat(900)}`)).toBe(true);
    expect(sent).not.toContain('b');
    // An emoji is cut whole or kept whole.
    const emojis = withFillers(`${'😀'.repeat(499)}b`);
    expect(emojis).not.toMatch(/^[\udc00-\udfff]/);
    expect(emojis.startsWith('😀')).toBe(true);
  });
});
