import { describe, expect, it } from 'vitest';
import { modelForQuality } from './defaultModels.js';

const defaults = { default: 'base', defaultEnglish: 'tiny.en' };
const here = ['tiny.en', 'base'];

describe('modelForQuality', () => {
  it('gives English the fastest English model, the default, or the most accurate model', () => {
    expect(modelForQuality('fast', here, defaults, 'en', 'transcribe')).toBe('tiny.en');
    expect(modelForQuality('balanced', here, defaults, 'en', 'transcribe')).toBe('tiny.en');
    expect(modelForQuality('best', here, defaults, 'en', 'transcribe')).toBe('base');
  });

  it('chooses among multilingual models for detection, other languages and translation', () => {
    for (const [language, task] of [
      [undefined, 'transcribe'],
      ['de', 'transcribe'],
      ['en', 'translate'],
    ] as const) {
      expect(modelForQuality('fast', here, defaults, language, task)).toBe('base');
      expect(modelForQuality('best', here, defaults, language, task)).toBe('base');
    }
  });

  it('prefers the English-only twin at one size, and the larger size for best', () => {
    const all = ['tiny', 'tiny.en', 'base', 'base.en', 'small', 'large-v3', 'turbo'];
    expect(modelForQuality('fast', all, defaults, 'en', 'transcribe')).toBe('tiny.en');
    expect(modelForQuality('fast', all, defaults, 'fr', 'transcribe')).toBe('tiny');
    expect(modelForQuality('best', all, defaults, 'en', 'transcribe')).toBe('large-v3');
    expect(modelForQuality('best', ['small', 'small.en'], defaults, 'en', 'transcribe')).toBe(
      'small.en',
    );
  });

  it('ranks turbo faster than medium, and never picks it to translate', () => {
    const big = ['medium', 'turbo', 'large-v3'];
    expect(modelForQuality('fast', big, defaults, 'en', 'transcribe')).toBe('turbo');
    expect(modelForQuality('best', big, defaults, 'en', 'transcribe')).toBe('large-v3');
    expect(modelForQuality('best', ['base', 'turbo'], defaults, 'en', 'translate')).toBe('base');
    expect(modelForQuality('fast', ['medium', 'turbo'], defaults, 'de', 'translate')).toBe(
      'medium',
    );
  });

  it('falls back to the default when nothing installed fits or a name is unknown', () => {
    expect(modelForQuality('best', ['tiny.en'], defaults, 'de', 'transcribe')).toBe('base');
    expect(modelForQuality('fast', ['my-finetune'], defaults, 'en', 'transcribe')).toBe('tiny.en');
  });
});
