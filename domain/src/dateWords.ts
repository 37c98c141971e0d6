/**
 * How Brainboard words a date, everywhere it shows one (docs/product.md, "How dates read"):
 * relative words within a week ("today 9:00 AM", "tomorrow 9:00 AM", "yesterday 9:00 AM",
 * "last Fri 8:00 AM", "Fri 8:00 AM"), the month's name beyond it ("Dec 2, 9:00 AM"), and the
 * year only when it is not this year ("Dec 2, 2027, 9:00 AM"). Numbers, names and the clock come
 * from Intl in the given locale (the runtime's own when none is given: the student's browser);
 * the linking words are English like the rest of the app.
 *
 * Pure, with the present passed in. Dates are wall-clock Dates read in the runtime's zone, as
 * toLocalDate (dueDate.ts) makes them from a stored due date; the server passes a `now` on the
 * student's wall clock (wallClock in timeZone.ts), so both sides say the same words. The web app
 * and the server (What now?'s reason) use only this module to word dates.
 */
import { calendarDaysBetween } from './urgency.ts';

/** How far, in whole days either way, a date is named by its weekday rather than its month. */
const WEEKDAY_WITHIN_DAYS = 6;

type Shape =
  | 'clock'
  | 'hour'
  | 'weekday'
  | 'monthDay'
  | 'monthDayYear'
  | 'monthDayClock'
  | 'monthDayYearClock'
  | 'fullDay'
  | 'weekdayDayClock'
  | 'weekdayDayYearClock'
  | 'full';

const SHAPES: Record<Shape, Intl.DateTimeFormatOptions> = {
  clock: { hour: 'numeric', minute: '2-digit' },
  hour: { hour: 'numeric' },
  weekday: { weekday: 'short' },
  monthDay: { month: 'short', day: 'numeric' },
  monthDayYear: { year: 'numeric', month: 'short', day: 'numeric' },
  monthDayClock: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  monthDayYearClock: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  fullDay: { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' },
  weekdayDayClock: {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  weekdayDayYearClock: {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  full: {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
};

/** Made once per locale and shape: a board of hundreds of cards words dates on every render. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * `d` in one shape. Runtimes differ in the space they put before AM/PM (some a narrow no-break
 * space), so every space comes out as a plain one: the same text in the browser and on the server.
 */
function write(shape: Shape, d: Date, locale: string | undefined): string {
  const key = `${locale ?? ''}|${shape}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, SHAPES[shape]);
    formatters.set(key, f);
  }
  return f.format(d).replace(/[\u00a0\u202f]/g, ' ');
}

const sameYear = (d: Date, now: Date) => d.getFullYear() === now.getFullYear();

/** "9:00 AM". */
export function clockWords(d: Date, locale?: string): string {
  return write('clock', d, locale);
}

/** "7 PM" on the hour, "7:30 PM" otherwise. */
export function hourWords(d: Date, locale?: string): string {
  return write(d.getMinutes() === 0 ? 'hour' : 'clock', d, locale);
}

/** "Dec 2", or "Dec 2, 2027" when not this year: a date by its month's name, never relative. */
export function dateWords(d: Date, now: Date, locale?: string): string {
  return write(sameYear(d, now) ? 'monthDay' : 'monthDayYear', d, locale);
}

/** "Dec 2, 9:00 AM", or "Dec 2, 2027, 9:00 AM": a date and time by the month's name. */
export function dateTimeWords(d: Date, now: Date, locale?: string): string {
  return write(sameYear(d, now) ? 'monthDayClock' : 'monthDayYearClock', d, locale);
}

/**
 * The day alone: "today", "tomorrow", "yesterday", "last Fri" (two to six days ago), "Fri" (two
 * to six days ahead), otherwise "Dec 2" ("Dec 2, 2027" in another year). A week away is a date,
 * not "Wed" on a Wednesday, which would read as today.
 */
export function dayWords(d: Date, now: Date, locale?: string): string {
  const days = calendarDaysBetween(now, d);
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days === -1) return 'yesterday';
  if (days < 0 && days >= -WEEKDAY_WITHIN_DAYS) return `last ${write('weekday', d, locale)}`;
  if (days > 0 && days <= WEEKDAY_WITHIN_DAYS) return write('weekday', d, locale);
  return dateWords(d, now, locale);
}

/**
 * A date and time as the app says it: "today 9:00 AM", "tomorrow 9:00 AM", "yesterday 9:00 AM",
 * "last Fri 8:00 AM", "Fri 8:00 AM"; beyond a week "Dec 2, 9:00 AM" ("Dec 2, 2027, 9:00 AM").
 * With `clock: 'hour'` the time drops ":00" on the hour ("today 7 PM", "Dec 2, 7 PM").
 */
export function whenWords(
  d: Date,
  now: Date,
  locale?: string,
  clock: 'minutes' | 'hour' = 'minutes',
): string {
  const beyondWeek = Math.abs(calendarDaysBetween(now, d)) > WEEKDAY_WITHIN_DAYS;
  if (clock === 'minutes' && beyondWeek) return dateTimeWords(d, now, locale);
  const time = clock === 'hour' ? hourWords(d, locale) : clockWords(d, locale);
  return `${dayWords(d, now, locale)}${beyondWeek ? ',' : ''} ${time}`;
}

/**
 * "Mon, Nov 23, 2026, 5:00 PM": every part written out, for text that outlives the moment it
 * was written in (a saved AI chat), where "tomorrow" would turn false.
 */
export function fullDateWords(d: Date, locale?: string): string {
  return write('full', d, locale);
}

/** "Mon, Nov 23, 2026": fullDateWords for a date without a time. */
export function fullDayWords(d: Date, locale?: string): string {
  return write('fullDay', d, locale);
}

/**
 * "Fri, Nov 27, 5:00 PM" ("Fri, Nov 27, 2027, 5:00 PM" in another year): a date read back to
 * the student exactly, as quick add does while they type.
 */
export function weekdayDateTimeWords(d: Date, now: Date, locale?: string): string {
  return write(sameYear(d, now) ? 'weekdayDayClock' : 'weekdayDayYearClock', d, locale);
}
