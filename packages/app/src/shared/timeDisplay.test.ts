import { describe, expect, it } from 'vitest';
import { dateTime, formatDuration, relativeDate, relativeDateTime } from './timeDisplay';

const now = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

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

describe('relativeDateTime', () => {
  it('adds the time of day, on a 24-hour clock, in the given zone', () => {
    expect(relativeDateTime(hoursAgo(3), now, 'en-US', 'UTC')).toBe('Today, 09:00');
    expect(relativeDateTime(hoursAgo(30), now, 'en-US', 'America/New_York')).toBe(
      'Yesterday, 01:00',
    );
    expect(relativeDateTime('2026-01-05T17:45:00Z', now, 'en-GB', 'UTC')).toBe('05/01/2026, 17:45');
  });
});

describe('dateTime', () => {
  it('shows a date to come as a locale date and 24-hour time, in the given zone', () => {
    expect(dateTime('2026-12-06T14:05:00Z', 'en-US', 'UTC')).toBe('12/6/2026, 14:05');
    expect(dateTime('2026-12-06T14:05:00Z', 'en-GB', 'America/New_York')).toBe('06/12/2026, 09:05');
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
