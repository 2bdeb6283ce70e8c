const DAY_MS = 86_400_000;

/**
 * When something was made (a transcription, a key, a payment), relative to `now`: 'Today',
 * 'Yesterday' when one day old, 'N days ago' when fewer than 7 days old, otherwise a locale date.
 */
export function relativeDate(
  createdAt: string,
  now: Date,
  locale?: string,
  timeZone?: string,
): string {
  const created = new Date(createdAt);
  const days = Math.floor((now.getTime() - created.getTime()) / DAY_MS);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return created.toLocaleDateString(locale, { timeZone });
}

const timeOfDay = (at: string, locale?: string, timeZone?: string) =>
  new Date(at).toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  });

/** relativeDate with the time of day: 'Today, 14:05', 'Yesterday, 09:30', '11/2/2026, 17:00'. */
export function relativeDateTime(
  createdAt: string,
  now: Date,
  locale?: string,
  timeZone?: string,
): string {
  return `${relativeDate(createdAt, now, locale, timeZone)}, ${timeOfDay(createdAt, locale, timeZone)}`;
}

/** A moment to come (a retention deadline), as a locale date and time: '12/6/2026, 14:05'. */
export function dateTime(at: string, locale?: string, timeZone?: string): string {
  const date = new Date(at).toLocaleDateString(locale, { timeZone });
  return `${date}, ${timeOfDay(at, locale, timeZone)}`;
}

/** Seconds as m:ss ('0:00' when there is no duration). */
export function formatDuration(seconds: number | null | undefined): string {
  if (!seconds || !Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
