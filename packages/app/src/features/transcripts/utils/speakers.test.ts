import { describe, expect, it } from 'vitest';
import { renamedSpeakers, speakerLabels } from './speakers';

describe('speakerLabels', () => {
  it('lists each speaker once, in the order they first speak', () => {
    expect(
      speakerLabels([{ speaker: 'B' }, { speaker: 'A' }, { speaker: 'B' }, { speaker: 'C' }]),
    ).toEqual(['B', 'A', 'C']);
  });
});

describe('renamedSpeakers', () => {
  it('keeps the other names and trims the new one', () => {
    expect(renamedSpeakers({ A: 'Dana Whitfield' }, 'B', '  Priya Raman ')).toEqual({
      A: 'Dana Whitfield',
      B: 'Priya Raman',
    });
  });

  it('leaves a blank name out, so the speaker shows its label again', () => {
    expect(renamedSpeakers({ A: 'Dana Whitfield', B: 'Priya' }, 'B', '   ')).toEqual({
      A: 'Dana Whitfield',
    });
  });
});
