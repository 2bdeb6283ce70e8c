import { describe, expect, it } from 'vitest';
import {
  fileNameFromUrl,
  formatDuration,
  relativeDate,
  statusLabel,
  transcriptName,
} from './transcriptDisplay';

const now = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

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

describe('relativeDate (fixed clock 2026-11-20T12:00Z)', () => {
  it("says 'Yesterday' when one day old", () => {
    expect(relativeDate(hoursAgo(24), now)).toBe('Yesterday');
    expect(relativeDate(hoursAgo(47), now)).toBe('Yesterday');
  });

  it("says 'N days ago' under 7 days", () => {
    expect(relativeDate(hoursAgo(48), now)).toBe('2 days ago');
    expect(relativeDate(hoursAgo(6 * 24 + 23), now)).toBe('6 days ago');
  });

  it('shows a locale date from 7 days on', () => {
    expect(relativeDate(hoursAgo(7 * 24), now, 'en-US', 'UTC')).toBe('11/13/2026');
    expect(relativeDate('2026-01-05T09:00:00Z', now, 'en-GB', 'UTC')).toBe('05/01/2026');
  });

  it("says 'Today' within the last day", () => {
    expect(relativeDate(hoursAgo(3), now)).toBe('Today');
  });
});

describe('statusLabel', () => {
  it('capitalises the status', () => {
    expect(statusLabel('completed')).toBe('Completed');
    expect(statusLabel('queued')).toBe('Queued');
    expect(statusLabel('error')).toBe('Error');
  });
});

describe('formatDuration', () => {
  it('shows m:ss', () => {
    expect(formatDuration(923)).toBe('15:23');
    expect(formatDuration(65.9)).toBe('1:05');
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(4410)).toBe('73:30');
  });

  it("shows '0:00' when empty", () => {
    expect(formatDuration(null)).toBe('0:00');
    expect(formatDuration(undefined)).toBe('0:00');
    expect(formatDuration(0)).toBe('0:00');
  });
});
