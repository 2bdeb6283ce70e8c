/**
 * Calendar days in the user's time zone, for the server, the web app and the mocks alike. Days
 * are 'YYYY-MM-DD', zones IANA names ('America/Los_Angeles'). It imports nothing, so the web app
 * loads it alone (`@parlance/contract/calendar`), without the contract's schemas.
 */

const DAY_MS = 86_400_000;

/** Why a `tz` was refused; the server puts the field name in front ("tz: must be …"). */
export const TIME_ZONE_RULE = 'must be an IANA time zone name, e.g. America/Los_Angeles';

/**
 * Canonical names of the zones asked for, by lower-cased name: working one out makes a formatter
 * (about 70 µs), and the API does it for every request with a `tz`. Names the runtime does not
 * know are not kept.
 */
const canonicalNames = new Map<string, string>();

/**
 * The canonical name of an IANA time zone this runtime knows ('US/Pacific' →
 * 'America/Los_Angeles', 'utc' → 'UTC'), or undefined. Names start with a letter: UTC offsets
 * such as '+05:00', which newer JavaScript engines accept, are refused, because PostgreSQL reads
 * them as POSIX zones with the opposite sign.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (!/^[A-Za-z]/.test(name)) return undefined;
  // Zone names are matched regardless of case: kept lower-cased, the known ones are a few hundred.
  const key = name.toLowerCase();
  let canonical = canonicalNames.get(key);
  if (canonical) return canonical;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  canonicalNames.set(key, canonical);
  return canonical;
}

/**
 * One formatter per time zone, made on first use: making one loads the zone's data, which costs
 * far more than formatting (tens of milliseconds on a slow phone's CPU). Kept by the name given:
 * the API passes only canonical names (its `tz` is canonicalised first), the web app its
 * browser's zone, so it holds a handful; a name the runtime does not know throws before it is
 * kept.
 */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * What a wall clock in `timeZone` shows at `moment`, as milliseconds of that reading taken as UTC:
 * 2026-03-08T07:30Z in America/Los_Angeles reads 2026-03-07 23:30, so 2026-03-07T23:30Z.
 */
export function wallClock(moment: Date, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return (
    Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    ) + moment.getUTCMilliseconds()
  );
}

/** The calendar day `moment` falls on in `timeZone`. */
export function calendarDay(moment: Date, timeZone: string): string {
  return new Date(wallClock(moment, timeZone)).toISOString().slice(0, 10);
}

/** `day` moved by `days` calendar days: addDays('2026-03-01', -1) = '2026-02-28'. */
export function addDays(day: string, days: number): string {
  // Whole days on the UTC timeline: UTC has no daylight saving, so every day is 24 hours.
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
