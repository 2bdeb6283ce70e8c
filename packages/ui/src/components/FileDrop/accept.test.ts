import { describe, expect, it } from 'vitest';
import { AUDIO_ACCEPT, describeAccept, matchesAccept } from './accept';

describe('matchesAccept', () => {
  it('matches by extension, case-insensitively', () => {
    expect(matchesAccept({ name: 'Call.MP3', type: '' }, AUDIO_ACCEPT)).toBe(true);
    expect(matchesAccept({ name: 'notes.txt', type: 'text/plain' }, AUDIO_ACCEPT)).toBe(false);
  });

  it('matches exact and wildcard MIME types', () => {
    expect(matchesAccept({ name: 'a', type: 'audio/wav' }, ['audio/wav'])).toBe(true);
    expect(matchesAccept({ name: 'a', type: 'audio/ogg' }, ['audio/*'])).toBe(true);
    expect(matchesAccept({ name: 'a', type: 'video/mp4' }, ['audio/*'])).toBe(false);
  });
});

describe('describeAccept', () => {
  it('lists extensions in capitals and names wildcards', () => {
    expect(describeAccept(['.mp3', '.wav', 'audio/*'])).toBe('MP3, WAV, any audio');
  });
});
