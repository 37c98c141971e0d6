/**
 * The student's wall-clock time on the server. Due dates are stored as the student's local
 * time without a zone, and the shared domain rules read them with a Date's local fields, so the
 * server builds a Date whose local fields are the time in the student's IANA zone.
 */
import { wallTimeAt } from '@brainboard/domain';

export const TIME_ZONE_ERROR = 'tz must be a time zone such as Europe/Berlin.';

/** A Date whose local year, month, day, hour and minute are those of `now` in `tz`. */
export function wallClock(now: Date, tz: string): Date {
  const w = wallTimeAt(now, tz);
  return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}
