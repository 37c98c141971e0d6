/**
 * Assignments that repeat. A series holds an RFC 5545 RRULE (without DTSTART or UNTIL: the
 * series' first due date anchors it, `until` is an inclusive end date kept beside it).
 *
 * Due dates are wall-clock times without a zone ('YYYY-MM-DDTHH:MM:00'), so occurrences are
 * computed on the wall clock: the rule runs on those digits read as UTC, which has no
 * daylight-saving jumps, and "every Friday 5:00 PM" stays 5:00 PM in any zone. The student's
 * zone only decides what "now" is on that wall clock.
 */
import { z } from 'zod';
import { isTimeZone } from './timeZone.ts';
import { dateWords } from './dateWords.ts';
import { toLocalDate } from './dueDate.ts';

/** How an assignment repeats, as the API takes and answers it. */
export interface Repeat {
  rrule: string;
  /** Last day an occurrence may fall on (YYYY-MM-DD, inclusive), or null for no end. */
  until: string | null;
}

const REPEAT_RULE_NOT_VALID =
  'repeat.rrule must be a rule such as FREQ=WEEKLY;BYDAY=FR (every week, every N days, or monthly on a day).';
export const REPEAT_NEEDS_DUE_DATE = 'A repeating assignment needs a due date.';
export const REPEAT_CHANGE_NEEDS_FOLLOWING =
  'A change to how this assignment repeats applies to it and the ones after it. Choose "This and the ones after" to save it.';

const DAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type DayCode = (typeof DAY_CODES)[number];
const DAY_SHORT: Record<DayCode, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};
/** Day codes in the order of Date#getUTCDay (Sunday first). */
const BY_JS_DAY: DayCode[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** What the editor offers; every rule the API accepts reads back as one of these. */
export type RepeatPattern =
  | { kind: 'weekly'; days: DayCode[]; every: number }
  | { kind: 'daily'; every: number }
  | { kind: 'monthly'; day: number };

const MAX_EVERY = 365;
const PART_RE = /^(FREQ|INTERVAL|BYDAY|BYMONTHDAY|BYSETPOS)=([A-Z0-9,+-]{1,40})$/;

/** The pattern of a rule, or null when it is not one the editor can show. */
export function parseRepeatRule(rrule: string): RepeatPattern | null {
  if (rrule.length > 200) return null;
  const parts = new Map<string, string>();
  for (const part of rrule.split(';')) {
    const m = PART_RE.exec(part);
    if (!m?.[1] || m[2] === undefined || parts.has(m[1])) return null;
    parts.set(m[1], m[2]);
  }
  const every = Number(parts.get('INTERVAL') ?? '1');
  if (!Number.isInteger(every) || every < 1 || every > MAX_EVERY) return null;
  const freq = parts.get('FREQ');
  const byday = parts.get('BYDAY');
  const bymonthday = parts.get('BYMONTHDAY');
  const setpos = parts.get('BYSETPOS');
  if (freq === 'DAILY') {
    return byday || bymonthday || setpos ? null : { kind: 'daily', every };
  }
  if (freq === 'WEEKLY') {
    if (bymonthday || setpos || !byday) return null;
    const days = byday.split(',');
    if (!days.every((d): d is DayCode => (DAY_CODES as readonly string[]).includes(d))) return null;
    if (new Set(days).size !== days.length) return null;
    const sorted = DAY_CODES.filter((d) => days.includes(d));
    return { kind: 'weekly', days: sorted, every };
  }
  if (freq === 'MONTHLY') {
    if (byday || every !== 1 || !bymonthday) return null;
    const days = bymonthday.split(',').map(Number);
    const day = days[days.length - 1] ?? 0;
    if (!Number.isInteger(day) || day < 1 || day > 31) return null;
    // Days past the 28th fall on the month's last day where the month is shorter.
    if (day > 28) {
      const expected = Array.from({ length: day - 27 }, (_, i) => 28 + i).join(',');
      return bymonthday === expected && setpos === '-1' ? { kind: 'monthly', day } : null;
    }
    return days.length === 1 && !setpos ? { kind: 'monthly', day } : null;
  }
  return null;
}

/** The RRULE text of a pattern. */
export function repeatRuleOf(pattern: RepeatPattern): string {
  const interval = (every: number) => (every > 1 ? `;INTERVAL=${every}` : '');
  switch (pattern.kind) {
    case 'daily':
      return `FREQ=DAILY${interval(pattern.every)}`;
    case 'weekly':
      return `FREQ=WEEKLY${interval(pattern.every)};BYDAY=${pattern.days.join(',')}`;
    case 'monthly':
      if (pattern.day <= 28) return `FREQ=MONTHLY;BYMONTHDAY=${pattern.day}`;
      return `FREQ=MONTHLY;BYMONTHDAY=${Array.from({ length: pattern.day - 27 }, (_, i) => 28 + i).join(',')};BYSETPOS=-1`;
  }
}

const ordinal = (n: number) => {
  const suffix =
    n % 10 === 1 && n !== 11
      ? 'st'
      : n % 10 === 2 && n !== 12
        ? 'nd'
        : n % 10 === 3 && n !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
};

/** The pattern in words: "Every Fri", "Every 2 weeks on Mon, Wed", "Every 3 days". */
export function describeRepeat(rrule: string): string {
  const p = parseRepeatRule(rrule);
  if (!p) return 'Repeats';
  switch (p.kind) {
    case 'daily':
      return p.every === 1 ? 'Every day' : `Every ${p.every} days`;
    case 'weekly': {
      const days = p.days.map((d) => DAY_SHORT[d]).join(', ');
      return p.every === 1 ? `Every ${days}` : `Every ${p.every} weeks on ${days}`;
    }
    case 'monthly':
      return `Every month on the ${ordinal(p.day)}`;
  }
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real YYYY-MM-DD. */
function isCalendarDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!));
  return (
    d.getUTCFullYear() === +m[1]! && d.getUTCMonth() === +m[2]! - 1 && d.getUTCDate() === +m[3]!
  );
}
/**
 * "Skip to next Fri" for a weekly rule, "Skip to Dec 15" otherwise (in the app's date words,
 * dateWords.ts: the year only when it is not `now`'s).
 */
export function skipLabel(rrule: string, nextDue: string, now?: Date): string {
  const d = toLocalDate(nextDue);
  if (!d) return 'Skip to next';
  const p = parseRepeatRule(rrule);
  if (p?.kind === 'weekly') return `Skip to next ${DAY_SHORT[BY_JS_DAY[d.getDay()]!]}`;
  return `Skip to ${dateWords(d, now ?? d)}`;
}

/** `repeat` in a create or edit body: a rule and an optional end date, or null for never. */
export const repeatSchema = z
  .strictObject(
    {
      rrule: z
        .string({ error: REPEAT_RULE_NOT_VALID })
        .refine((r) => parseRepeatRule(r) !== null, REPEAT_RULE_NOT_VALID),
      until: z
        .string({ error: 'repeat.until must be a date (YYYY-MM-DD) or null.' })
        .refine(isCalendarDate, 'repeat.until must be a date (YYYY-MM-DD) or null.')
        .nullable()
        .default(null),
      /** Accepted from older clients and ignored: the rule runs in the profile's time_zone. */
      zone: z
        .string({ error: 'repeat.zone must be a time zone such as Europe/Berlin.' })
        .max(64, 'repeat.zone must be a time zone such as Europe/Berlin.')
        .refine(isTimeZone, 'repeat.zone must be a time zone such as Europe/Berlin.')
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field: repeat.${String(issue.keys[0])}.`
          : 'repeat must be an object or null.',
    },
  )
  .nullable();
export type RepeatInput = z.output<typeof repeatSchema>;

/**
 * Which instances an edit or a delete of a repeating assignment is for: "this" card only, or
 * this one and the ones "following" it. A change of the rule is always "following".
 */
const REPEAT_SCOPES = ['this', 'following'] as const;
export type RepeatScope = (typeof REPEAT_SCOPES)[number];
export const repeatScopeSchema = z.enum(REPEAT_SCOPES, {
  error: 'scope must be one of: this, following.',
});

/** The id of the instance a series has for an occurrence: the same on every device and retry. */
export const instanceIdOf = (seriesId: string, due: string): string =>
  `${seriesId}-${due.replace(/[-:]/g, '').slice(0, 13)}`;
