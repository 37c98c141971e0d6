/**
 * Due dates and the due time selector (docs/product.md, Data the student sees and Behaviour;
 * "Date-only
 * migration", §5 "Date helper" and "Date picker").
 *
 * Stored form: 'YYYY-MM-DDTHH:MM:00' in the user's local time (no zone), legacy 'YYYY-MM-DD',
 * or '' for none. All functions read and build local times.
 */
import {
  DATE_PICKER_MIN_YEAR,
  DEFAULT_DUE_AMPM,
  DEFAULT_DUE_HOUR,
  DEFAULT_DUE_MINUTE,
} from './constants.ts';

export type AmPm = 'AM' | 'PM';

/** Shown by the date picker for input it cannot parse (docs/product.md, Limits and Messages). */
export const DATE_INPUT_NOT_VALID = 'Date input not valid.';

/** The due-date fields of the assignment form (form-only fields). */
export interface DueForm {
  due_date: string;
  /** Two-digit 24-hour string. */
  due_hour: string;
  /** Two-digit string. */
  due_minute: string;
  due_ampm: AmPm;
}

/** The parts of a stored due date. */
export interface ParsedDueDate {
  /** 'YYYY-MM-DD', or '' when there is no valid date. */
  date: string;
  hour24: string;
  minute: string;
  /** 1 to 12. */
  hour12: number;
  ampm: AmPm;
}

const DATE_ONLY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const TIME_PART_RE = /^(\d{1,2}):(\d{1,2})(?::\d{1,2}(?:\.\d+)?)?$/;
const ZONED_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

const pad2 = (n: number | string): string => String(n).padStart(2, '0');

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** True when y-m-d is a real calendar date (month 1-12). */
export function isRealCalendarDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** A local Date; works for years below 100 too. */
function localDate(y: number, m: number, d: number, h = 0, min = 0, s = 0): Date {
  const date = new Date(0);
  date.setFullYear(y, m - 1, d);
  date.setHours(h, min, s, 0);
  return date;
}

/** Valid only as a real yyyy-MM-dd without a "T". */
export function isDateOnly(s: string): boolean {
  const m = DATE_ONLY_RE.exec(s);
  return m !== null && isRealCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

const STORED_DATETIME_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):00$/;

/**
 * True for a storable due date (docs/product.md, Data the student sees): '', a real 'YYYY-MM-DD',
 * or a real
 * 'YYYY-MM-DDTHH:MM:00' with hour 0-23 and minute 0-59.
 */
export function isValidDueDate(s: string): boolean {
  if (s === '' || isDateOnly(s)) return true;
  const m = STORED_DATETIME_RE.exec(s);
  return m !== null && isDateOnly(m[1] ?? '') && Number(m[2]) <= 23 && Number(m[3]) <= 59;
}

/**
 * The date-only migration: 'YYYY-MM-DD' → 'YYYY-MM-DDT08:00:00'.
 * Any other value is returned unchanged.
 */
export function migrateDateOnly(s: string): string {
  return isDateOnly(s) ? `${s}T${DEFAULT_DUE_HOUR}:${DEFAULT_DUE_MINUTE}:00` : s;
}

/**
 * The due date as a local Date. Date-only values are midnight of that local day; values with an
 * explicit zone (legacy ISO strings) are honoured. Null when empty or unparseable.
 */
export function toLocalDate(due: string | null | undefined): Date | null {
  if (!due) return null;
  if (isDateOnly(due)) {
    const [y, m, d] = due.split('-').map(Number) as [number, number, number];
    return localDate(y, m, d);
  }
  const m = LOCAL_DATETIME_RE.exec(due);
  if (m) {
    const [y, mo, d, h, min, s] = m.slice(1).map((x) => Number(x ?? 0)) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (!isRealCalendarDate(y, mo, d) || h > 23 || min > 59 || s > 59) return null;
    return localDate(y, mo, d, h, min, s);
  }
  if (ZONED_RE.test(due)) {
    const t = Date.parse(due);
    return Number.isNaN(t) ? null : new Date(t);
  }
  return null;
}

/** 'YYYY-MM-DD' (en-CA form) of a Date's local calendar day. */
export function formatDateOnly(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** The 12-hour clock value (1-12) of a 24-hour hour. */
export function to12Hour(hour24: number | string): number {
  return Number(hour24) % 12 || 12;
}

/**
 * 12-hour value plus AM/PM → two-digit 24-hour string. 12 AM is '00'; PM hours other
 * than 12 get 12 added. Throws RangeError outside 1-12.
 */
export function to24Hour(hour12: number | string, ampm: AmPm): string {
  const h = Number(hour12);
  if (!Number.isInteger(h) || h < 1 || h > 12) {
    throw new RangeError(`hour must be 1 to 12, got ${String(hour12)}`);
  }
  if (ampm === 'AM') return pad2(h === 12 ? 0 : h);
  return pad2(h === 12 ? 12 : h + 12);
}

/** 'YYYY-MM-DDTHH:MM:00' from a date part and a 24-hour time. */
export function buildDueDate(
  date: string,
  hour24: number | string,
  minute: number | string,
): string {
  return `${date}T${pad2(hour24)}:${pad2(minute)}:00`;
}

/**
 * Parsing a stored due_date. The hour must be 0-23 and the minute 0-59, else the
 * defaults (08:00 AM) apply; a value without a "T" time part gets the defaults. AM applies
 * when the hour is below 12. `date` is '' when the date part is not a real date.
 */
export function parseDueDate(due: string | null | undefined): ParsedDueDate {
  const [datePart = '', timePart] = (due ?? '').split('T');
  let hour = Number(DEFAULT_DUE_HOUR);
  let minute = Number(DEFAULT_DUE_MINUTE);
  const t = timePart === undefined ? null : TIME_PART_RE.exec(timePart);
  if (t) {
    const h = Number(t[1]);
    const m = Number(t[2]);
    if (h <= 23 && m <= 59) {
      hour = h;
      minute = m;
    }
  }
  return {
    date: isDateOnly(datePart) ? datePart : '',
    hour24: pad2(hour),
    minute: pad2(minute),
    hour12: to12Hour(hour),
    ampm: hour < 12 ? 'AM' : 'PM',
  };
}

/**
 * Initial form fields for a stored due date. A valid date comes back in full
 * 'YYYY-MM-DDTHH:MM:00' form (date-only values take the default time); anything else gives ''.
 */
export function dueFormFields(due: string | null | undefined): DueForm {
  const p = parseDueDate(due);
  return {
    due_date: p.date ? buildDueDate(p.date, p.hour24, p.minute) : '',
    due_hour: p.hour24,
    due_minute: p.minute,
    due_ampm: p.ampm,
  };
}

/**
 * Rebuilds due_date from its existing date part, only when a due_date exists (docs/product.md,
 * Behaviour).
 */
function rebuild<F extends DueForm>(form: F): F {
  if (!form.due_date) return form;
  const date = form.due_date.split('T')[0] ?? '';
  return { ...form, due_date: buildDueDate(date, form.due_hour, form.due_minute) };
}

/** Changing the hour stores the 24-hour due_hour and rebuilds due_date. */
export function onHourChange<F extends DueForm>(form: F, hour12: number | string): F {
  return rebuild({ ...form, due_hour: to24Hour(hour12, form.due_ampm) });
}

/** Changing the minute stores due_minute and rebuilds due_date. */
export function onMinuteChange<F extends DueForm>(form: F, minute: number | string): F {
  return rebuild({ ...form, due_minute: pad2(minute) });
}

/** Changing AM/PM converts the current hour, storing due_hour, due_ampm and due_date. */
export function onAmPmChange<F extends DueForm>(form: F, ampm: AmPm): F {
  const hour12 = to12Hour(form.due_hour || DEFAULT_DUE_HOUR);
  return rebuild({ ...form, due_hour: to24Hour(hour12, ampm), due_ampm: ampm });
}

/**
 * Choosing a date sets due_date to its local YYYY-MM-DD joined to the current hour and
 * minute (defaults when the form has none); clearing (null) sets due_date to ''.
 */
export function onDateSelected<F extends DueForm>(form: F, date: Date | null): F {
  if (date === null) return { ...form, due_date: '' };
  const hour = form.due_hour || DEFAULT_DUE_HOUR;
  const minute = form.due_minute || DEFAULT_DUE_MINUTE;
  return {
    ...form,
    due_hour: pad2(hour),
    due_minute: pad2(minute),
    due_ampm: form.due_ampm || DEFAULT_DUE_AMPM,
    due_date: buildDueDate(formatDateOnly(date), hour, minute),
  };
}

/** For the date picker: a real Date in year 1800 or later. */
export function isValidPickerDate(date: Date | null | undefined): boolean {
  return (
    date instanceof Date &&
    !Number.isNaN(date.getTime()) &&
    date.getFullYear() >= DATE_PICKER_MIN_YEAR
  );
}
