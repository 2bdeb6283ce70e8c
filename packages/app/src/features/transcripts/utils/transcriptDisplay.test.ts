import { describe, expect, it } from 'vitest';
import { fileNameFromUrl, languageFact, statusLabel, transcriptName } from './transcriptDisplay';

describe('fileNameFromUrl', () => {
  it('takes the last path segment of the audio URL', () => {
    expect(fileNameFromUrl('https://media.example.com/recordings/standup.m4a')).toBe('standup.m4a');
    expect(fileNameFromUrl('https://cdn.example.com/a/b/call%20one.mp3?sig=abc#t=3')).toBe(
      'call one.mp3',
    );
    expect(fileNameFromUrl('uploads/voice.ogg')).toBe('voice.ogg');
  });

  it("is 'Unknown File' without a URL or a path", () => {
    expect(fileNameFromUrl(null)).toBe('Unknown File');
    expect(fileNameFromUrl('')).toBe('Unknown File');
    expect(fileNameFromUrl('https://example.com/')).toBe('Unknown File');
  });

  it('names uploads by their file name', () => {
    expect(transcriptName({ audioUrl: null, fileName: 'memo.wav' })).toBe('memo.wav');
    expect(transcriptName({ audioUrl: null, fileName: null })).toBe('Unknown File');
    expect(transcriptName({ audioUrl: 'https://x.test/a/b.mp3', fileName: 'other' })).toBe('b.mp3');
  });
});

describe('statusLabel', () => {
  it('capitalises the status', () => {
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('queued')).toBe('Queued');
    expect(statusLabel('error')).toBe('Error');
  });
});

describe('languageFact', () => {
  const result = { language: 'de', language_probability: 0.934 } as never;
  it('names the language asked for, or heard, with how sure detection was', () => {
    expect(languageFact({ language: 'fr', task: 'transcribe', result: null })).toBe('French');
    expect(languageFact({ language: null, task: 'transcribe', result: null })).toBe('Detect');
    expect(languageFact({ language: 'de', task: 'transcribe', result })).toBe('German');
    expect(languageFact({ language: null, task: 'transcribe', result })).toBe(
      'German (detected, 93 %)',
    );
  });

  it('says when detection was not sure enough and the fallback language was taken', () => {
    const fellBack = {
      language: 'en',
      language_probability: 0.412,
      detected_language: 'zh',
      language_fallback: true,
    } as never;
    expect(languageFact({ language: null, task: 'transcribe', result: fellBack })).toBe(
      'English (fallback: Chinese detected, 41 %)',
    );
  });

  it('says a translation is one, and keeps codes it has no name for', () => {
    expect(languageFact({ language: null, task: 'translate', result })).toBe(
      'German (detected, 93 %), translated to English',
    );
    const other = { language: 'xh', language_probability: 1 } as never;
    expect(languageFact({ language: 'xh', task: 'transcribe', result: other })).toBe('xh');
  });
});
