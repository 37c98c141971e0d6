import ICAL from 'ical.js';
import {
  DESCRIPTION_MAX_LENGTH,
  importedText,
  instantOfWallTime,
  isTimeZone,
  TITLE_MAX_LENGTH,
  wallClockIn,
  type LmsSource,
} from '@brainboard/domain';
import {
  FEED_MAX_ITEMS,
  FeedLimitError,
  HISTORY_MS,
  repeatsTooOften,
  REPEAT_HORIZON_MS,
  REPEAT_MAX_PER_ITEM,
  REPEAT_STEPS_PER_FEED,
  REPEAT_STEPS_PER_ITEM,
  TOO_MANY_ITEMS,
  TOO_MUCH_REPEATING,
  unreadableRepeat,
} from './limits.ts';

/**
 * Turns a school's calendar feed (iCalendar) into deadlines. ical.js does the
 * reading: folded lines, escaped text, VTIMEZONE definitions, all-day dates,
 * RRULE with RECURRENCE-ID overrides. What is LMS-specific lives here: which
 * LMS wrote the feed, where it puts the course, and what identifies an item
 * across syncs. It runs in a worker thread (feedSandbox.ts) and keeps the bounds of
 * limits.ts: how many deadlines, how far repeating items are followed and how many steps the
 * recurrence engine may take.
 */

/** The names students know the systems by. */
const LMS_NAMES: Record<LmsSource, string> = {
  canvas: 'Canvas',
  moodle: 'Moodle',
  blackboard: 'Blackboard',
  google_classroom: 'Google Classroom',
  ical: 'your school calendar',
};

export interface FeedItem {
  /** Stable identity inside its feed. */
  uid: string;
  title: string;
  course: string;
  url: string;
  description: string;
  /** The deadline as an instant (ms), or for an all-day item its date. */
  due: { kind: 'instant'; ms: number } | { kind: 'date'; date: string };
}

export interface ParsedFeed {
  source: LmsSource;
  label: string;
  items: FeedItem[];
}

export const NOT_A_CALENDAR =
  'That link did not return a calendar. Copy the calendar feed (iCal) link from your school’s site, not the page address.';

export class NotACalendarError extends Error {
  constructor() {
    super(NOT_A_CALENDAR);
  }
}

function detectSource(prodId: string, calName: string, url: string): LmsSource {
  const id = `${prodId} ${calName}`.toLowerCase();
  let host = '';
  let path = '';
  try {
    const parsed = new URL(url);
    host = parsed.hostname.toLowerCase();
    path = parsed.pathname.toLowerCase();
  } catch {
    // An unreadable URL leaves only the body to go by.
  }
  if (id.includes('instructure') || id.includes('canvas') || host.endsWith('instructure.com'))
    return 'canvas';
  if (id.includes('moodle') || path.includes('/calendar/export_execute.php')) return 'moodle';
  if (id.includes('blackboard') || path.includes('/webapps/calendar/')) return 'blackboard';
  if (id.includes('classroom') || host === 'calendar.google.com' || id.includes('google'))
    return 'google_classroom';
  if (path.includes('/feeds/calendars/')) return 'canvas';
  return 'ical';
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Title and course as each LMS writes them. */
function titleAndCourse(
  source: LmsSource,
  summary: string,
  categories: string,
  calName: string,
): { title: string; course: string } {
  if (source === 'canvas') {
    // Canvas: "Essay draft [ENG101-02]".
    const m = /^(.*?)\s*\[([^\]]+)\]\s*$/.exec(summary);
    if (m) return { title: m[1] || summary, course: m[2] ?? '' };
  }
  if (source === 'blackboard') {
    // Blackboard: "ENG-101-01: Essay draft".
    const m = /^([A-Za-z0-9._-]+(?:[ -][A-Za-z0-9._-]+)*):\s+(.+)$/.exec(summary);
    if (m) return { title: m[2] ?? summary, course: m[1] ?? '' };
  }
  if (source === 'moodle') {
    // Moodle: "Essay draft is due", course short name in CATEGORIES.
    return { title: summary.replace(/\s+is due$/i, '') || summary, course: categories };
  }
  if (source === 'google_classroom') {
    // A class calendar is named after the class.
    return { title: summary, course: categories || calName };
  }
  return { title: summary, course: categories };
}

function firstCategory(comp: ICAL.Component): string {
  const prop = comp.getFirstProperty('categories');
  if (!prop) return '';
  return text(prop.getValues()[0]);
}

/** The deadline of one occurrence. A floating time is read in the student's zone. */
function dueOf(time: ICAL.Time, fallbackZone: string): FeedItem['due'] | null {
  if (time.isDate) {
    const p = (n: number) => String(n).padStart(2, '0');
    return { kind: 'date', date: `${time.year}-${p(time.month)}-${p(time.day)}` };
  }
  const zone = time.zone;
  const wall = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.hour,
    minute: time.minute,
    second: time.second,
  };
  if (zone && zone.tzid !== 'floating') return { kind: 'instant', ms: time.toUnixTime() * 1000 };
  // A TZID without a VTIMEZONE in the file (Google writes Olson names) is read with Intl.
  const tzid = text((time as unknown as { timezone?: string }).timezone);
  const readIn = tzid && isTimeZone(tzid) ? tzid : fallbackZone;
  return { kind: 'instant', ms: instantOfWallTime(wall, readIn) };
}

/** An identity that survives re-exports: Canvas's assignment id, else the UID. */
function identityOf(source: LmsSource, uid: string, url: string): string {
  if (source === 'canvas') {
    const m = /#assignment_(\d+)/.exec(url);
    if (m) return `assignment_${m[1]}`;
  }
  return uid;
}

/** Repeat rules finer than daily: refused (see docs/decisions/0015-feed-budget.md). */
const SUB_DAILY = new Set(['SECONDLY', 'MINUTELY', 'HOURLY']);

function rulesOf(comp: ICAL.Component): ICAL.Recur[] {
  return comp
    .getAllProperties('rrule')
    .map((p) => p.getFirstValue())
    .filter((v): v is ICAL.Recur => v instanceof ICAL.Recur);
}

/**
 * Calls `step` on every candidate date the recurrence engine checks. ical.js walks a rule one
 * candidate at a time (a day of a DAILY rule) until one matches, and for a rule that never
 * matches (30 February) it would walk forever inside one call; each candidate goes through
 * the rule iterator's check_contracting_rules, so counting those calls bounds the walk.
 */
function countSteps(expansion: ICAL.RecurExpansion, rules: number, step: () => void): void {
  const iterators = (expansion as unknown as { ruleIterators?: unknown }).ruleIterators;
  if (!Array.isArray(iterators) || iterators.length !== rules) {
    throw new Error('ical.js no longer keeps its rule iterators where parse.ts counts steps.');
  }
  for (const it of iterators as ICAL.RecurIterator[]) {
    const check = it.check_contracting_rules.bind(it);
    it.check_contracting_rules = () => {
      step();
      return check();
    };
  }
}

/**
 * Every deadline of a feed. `zone` is the student's (a floating time is read in it). Items
 * due more than 14 days before `since` (the feed's first import) are history: a repeating
 * item is followed only from then to a year after `now`, and only items from then onwards
 * count towards the limit of FEED_MAX_ITEMS. Throws NotACalendarError or FeedLimitError.
 */
export function parseFeed(
  body: string,
  feedUrl: string,
  zone: string,
  now: Date,
  since: Date = now,
): ParsedFeed {
  if (!/BEGIN:VCALENDAR/i.test(body.slice(0, 4096))) throw new NotACalendarError();
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(body) as unknown[]);
  } catch {
    throw new NotACalendarError();
  }
  if (root.name !== 'vcalendar') throw new NotACalendarError();
  const prodId = text(root.getFirstPropertyValue('prodid'));
  const calName = text(root.getFirstPropertyValue('x-wr-calname'));
  const source = detectSource(prodId, calName, feedUrl);
  const cutoff = since.getTime() - HISTORY_MS;
  const horizon = now.getTime() + REPEAT_HORIZON_MS;

  const events = root.getAllSubcomponents('vevent');
  const exceptions = new Map<string, ICAL.Component[]>();
  const bases: ICAL.Component[] = [];
  for (const ev of events) {
    if (ev.hasProperty('recurrence-id')) {
      const uid = text(ev.getFirstPropertyValue('uid'));
      exceptions.set(uid, [...(exceptions.get(uid) ?? []), ev]);
    } else bases.push(ev);
  }

  /** Whether an item can be a deadline at all. */
  const isDeadline = (comp: ICAL.Component) => {
    const uid = text(comp.getFirstPropertyValue('uid'));
    const summary = text(comp.getFirstPropertyValue('summary'));
    if (!uid || !summary) return false;
    const url = text(comp.getFirstPropertyValue('url'));
    // Canvas feeds also carry calendar events; only assignments are deadlines.
    return source !== 'canvas' || /#assignment_\d+/.test(url) || /assignment/i.test(uid);
  };

  const byIdentity = new Map<string, FeedItem & { override: boolean }>();
  /** Identities due from the cutoff onwards: what an import could add. */
  const current = new Set<string>();
  /** Adds one item or occurrence; false when it is not a deadline or, if repeating, history. */
  const add = (comp: ICAL.Component, start: ICAL.Time, idSuffix: string): boolean => {
    if (!isDeadline(comp)) return false;
    const uid = text(comp.getFirstPropertyValue('uid'));
    const summary = text(comp.getFirstPropertyValue('summary'));
    const url = text(comp.getFirstPropertyValue('url'));
    const due = dueOf(start, zone);
    if (!due) return false;
    const named = titleAndCourse(source, summary, firstCategory(comp), calName);
    // The text rules of every import (domain/src/safeText.ts): cleaned, cut with "…" to the
    // limits; a title with nothing visible counts as missing.
    const title = importedText(named.title, TITLE_MAX_LENGTH);
    if (!title) return false;
    const identity = identityOf(source, uid, url) + idSuffix;
    const override = /override/i.test(uid);
    const previous = byIdentity.get(identity);
    // A section override replaces the assignment's general due date.
    if (previous && previous.override && !override) return false;
    const item = {
      uid: identity,
      title,
      course: importedText(named.course, 80),
      url: /^https?:\/\//i.test(url) ? url.slice(0, 2000) : '',
      description: importedText(
        comp.getFirstPropertyValue('description'),
        DESCRIPTION_MAX_LENGTH,
        'multiline',
      ),
      due,
      override,
    };
    const isCurrent = dueInstant(item, zone) >= cutoff;
    if (!isCurrent && idSuffix) return false;
    byIdentity.set(identity, item);
    if (isCurrent) current.add(identity);
    if (current.size > FEED_MAX_ITEMS) throw new FeedLimitError(TOO_MANY_ITEMS);
    return true;
  };

  let feedSteps = 0;
  for (const comp of bases) {
    if (!isDeadline(comp)) continue;
    const uid = text(comp.getFirstPropertyValue('uid'));
    const summary = text(comp.getFirstPropertyValue('summary'));
    const event = new ICAL.Event(comp, { exceptions: exceptions.get(uid) ?? [] });
    const start = event.startDate;
    if (!start) continue;
    if (!event.isRecurring()) {
      add(comp, start, '');
      continue;
    }
    const rules = rulesOf(comp);
    if (rules.some((rule) => SUB_DAILY.has(rule.freq))) {
      throw new FeedLimitError(repeatsTooOften(summary));
    }
    let itemSteps = 0;
    const step = () => {
      if (++itemSteps > REPEAT_STEPS_PER_ITEM) throw new FeedLimitError(unreadableRepeat(summary));
      if (++feedSteps > REPEAT_STEPS_PER_FEED) throw new FeedLimitError(TOO_MUCH_REPEATING);
    };
    let it: ICAL.RecurExpansion;
    try {
      it = event.iterator();
    } catch {
      // A rule ical.js refuses to follow (BYMONTHDAY in a WEEKLY rule, say).
      throw new FeedLimitError(unreadableRepeat(summary));
    }
    countSteps(it, rules.length, step);
    // RDATE lists need no steps of the engine; the feed's size bounds them.
    for (let taken = 0; taken < REPEAT_MAX_PER_ITEM;) {
      let next: ICAL.Time | null;
      try {
        next = it.next();
      } catch (err) {
        // ical.js gives up on a rule whose dates are all excluded ("max tries").
        if (err instanceof FeedLimitError) throw err;
        throw new FeedLimitError(unreadableRepeat(summary));
      }
      if (!next || next.toUnixTime() * 1000 > horizon) break;
      const details = event.getOccurrenceDetails(next);
      if (add(details.item.component, details.startDate, `@${next.toString()}`)) taken++;
    }
  }
  const items = [...byIdentity.values()].map(({ override: _override, ...item }) => item);
  items.sort((a, b) => dueSortKey(a).localeCompare(dueSortKey(b)) || a.uid.localeCompare(b.uid));
  return { source, label: LMS_NAMES[source], items };
}

const dueSortKey = (item: FeedItem) =>
  item.due.kind === 'date' ? `${item.due.date}T23:59` : new Date(item.due.ms).toISOString();

/** An item's due date on the student's wall clock; an all-day item is due at 23:59. */
export function dueDateIn(item: FeedItem, zone: string): string {
  return item.due.kind === 'date' ? `${item.due.date}T23:59:00` : wallClockIn(item.due.ms, zone);
}

/** The instant an item is due, for the "more than 14 days ago" rule. */
export function dueInstant(item: FeedItem, zone: string): number {
  if (item.due.kind === 'instant') return item.due.ms;
  const [y, m, d] = item.due.date.split('-').map(Number);
  return instantOfWallTime(
    { year: y ?? 1970, month: m ?? 1, day: d ?? 1, hour: 23, minute: 59 },
    zone,
  );
}
