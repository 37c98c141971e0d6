/**
 * The student's wall-clock time on the server. Due dates are stored as the student's local
 * time without a zone, and the shared domain rules read them with a Date's local fields, so the
 * server builds a Date whose local fields are the time in the student's IANA zone.
 */

export const TIME_ZONE_ERROR = 'tz must be a time zone such as Europe/Berlin.';

/** True for an IANA zone name this runtime knows. */
export function isTimeZone(tz: string): boolean {
  if (tz.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A Date whose local year, month, day, hour and minute are those of `now` in `tz`. */
export function wallClock(now: Date, tz: string): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(now)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return new Date(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}
