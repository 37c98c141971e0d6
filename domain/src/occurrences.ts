/**
 * When a repeating assignment's next instance falls: the rule is run by rrule, on wall-clock due
 * dates read as UTC digits (recurrence.ts says why). Apart from recurrence.ts so that code which
 * only reads or writes a rule (the editor's repeat fields, a card's "Every Fri") does not load
 * rrule: the web app loads it only where a next date is shown (a repeating card's badge, the
 * overdue reset).
 */
// rrule ships a CommonJS build (its "main") and an ES build whose files import each other
// without extensions, so Node cannot load the ES build. Node, esbuild (the functions) and the web
// build (web/vite.config.ts resolves rrule to the same CommonJS build) all load the CommonJS
// one, whose module object is the default export; only Vite's module runner (the test stack's
// global setup) takes the ES build, with named exports. Read RRule from whichever this is.
import * as rruleModule from 'rrule';
import type { Options, RRule as RRuleType } from 'rrule';
import { parseRepeatRule, type Repeat } from './recurrence.ts';
import { wallClockIn } from './timeZone.ts';

type Rrule = typeof rruleModule;
const { RRule }: Rrule =
  'RRule' in rruleModule ? rruleModule : (rruleModule as unknown as { default: Rrule }).default;

const DUE_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):00$/;

/** A wall-clock due date as a UTC instant with the same digits. */
function floating(due: string): Date | null {
  const m = DUE_RE.exec(due);
  if (!m) return null;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!));
}

const pad = (n: number) => String(n).padStart(2, '0');
const wallClock = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;

function ruleFrom(rule: string, anchor: Date): RRuleType {
  const options: Partial<Options> = { ...RRule.parseString(rule), dtstart: anchor, tzid: null };
  return new RRule(options);
}

/**
 * The first occurrence strictly after `after` (both wall-clock due dates), counted from the
 * series' `anchor`; null when the rule ends first (`until`, inclusive) or a date is unusable.
 */
export function nextOccurrence(repeat: Repeat, anchor: string, after: string): string | null {
  const start = floating(anchor);
  const from = floating(after);
  if (!start || !from || !parseRepeatRule(repeat.rrule)) return null;
  const next = ruleFrom(repeat.rrule, start).after(from, false);
  if (!next) return null;
  if (repeat.until !== null && wallClock(next).slice(0, 10) > repeat.until) return null;
  return wallClock(next);
}

/**
 * The due date of the instance that follows one due `due`: the first occurrence after both its
 * due date and the student's present moment, so missed weeks never pile up as overdue cards.
 */
export function followingDue(
  repeat: Repeat,
  anchor: string,
  due: string,
  now: Date,
  zone: string,
): string | null {
  const present = wallClockIn(now, zone);
  return nextOccurrence(repeat, anchor, due > present ? due : present);
}
