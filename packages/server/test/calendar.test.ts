import { describe, expect, it } from 'vitest';
import { addDays, calendarDay, canonicalTimeZone, wallClock } from '@parlance/contract/calendar';

describe('calendar days in a time zone', () => {
  it('names zones canonically and refuses what is not an IANA name', () => {
    expect(canonicalTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('US/Pacific')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    // Asked again, now from memory, and in other cases: the same answers.
    expect(canonicalTimeZone('us/PACIFIC')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const name of ['', 'Nowhere/Atlantis', '+05:00', '-0800', 'Factory']) {
      expect(canonicalTimeZone(name), name).toBeUndefined();
    }
  });

  it('reads the wall clock of a zone, daylight saving included', () => {
    // Los Angeles: UTC-8 before 2026-03-08T10:00Z, UTC-7 after.
    expect(wallClock(new Date('2026-03-08T09:59:59.500Z'), 'America/Los_Angeles')).toBe(
      Date.parse('2026-03-08T01:59:59.500Z'),
    );
    expect(wallClock(new Date('2026-03-08T10:00:00Z'), 'America/Los_Angeles')).toBe(
      Date.parse('2026-03-08T03:00:00Z'),
    );
    // Kathmandu is UTC+5:45.
    expect(wallClock(new Date('2026-03-08T20:00:00Z'), 'Asia/Kathmandu')).toBe(
      Date.parse('2026-03-09T01:45:00Z'),
    );
  });

  it('tells the calendar day of a moment', () => {
    const moment = new Date('2026-03-08T07:30:00Z');
    expect(calendarDay(moment, 'UTC')).toBe('2026-03-08');
    expect(calendarDay(moment, 'America/Los_Angeles')).toBe('2026-03-07');
    expect(calendarDay(new Date('2026-11-20T12:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-21');
  });

  it('moves by calendar days across months, leap days and years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-11-20', -90)).toBe('2026-08-22');
  });
});
