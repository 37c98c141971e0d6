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

/**
 * Turns a school's calendar feed (iCalendar) into deadlines. ical.js does the
 * reading: folded lines, escaped text, VTIMEZONE definitions, all-day dates,
 * RRULE with RECURRENCE-ID overrides. What is LMS-specific lives here: which
 * LMS wrote the feed, where it puts the course, and what identifies an item
 * across syncs.
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

/** How far ahead repeating items are expanded, and how many at most per item. */
const REPEAT_HORIZON_MS = 366 * 24 * 3600 * 1000;
const REPEAT_MAX = 100;

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

/**
 * Every deadline of a feed. `now` bounds the expansion of repeating items;
 * `zone` is the student's (a floating time is read in it).
 */
export function parseFeed(body: string, feedUrl: string, zone: string, now: Date): ParsedFeed {
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

  const events = root.getAllSubcomponents('vevent');
  const exceptions = new Map<string, ICAL.Component[]>();
  const bases: ICAL.Component[] = [];
  for (const ev of events) {
    if (ev.hasProperty('recurrence-id')) {
      const uid = text(ev.getFirstPropertyValue('uid'));
      exceptions.set(uid, [...(exceptions.get(uid) ?? []), ev]);
    } else bases.push(ev);
  }

  const byIdentity = new Map<string, FeedItem & { override: boolean }>();
  const add = (comp: ICAL.Component, start: ICAL.Time, idSuffix: string) => {
    const uid = text(comp.getFirstPropertyValue('uid'));
    const summary = text(comp.getFirstPropertyValue('summary'));
    if (!uid || !summary) return;
    const url = text(comp.getFirstPropertyValue('url'));
    // Canvas feeds also carry calendar events; only assignments are deadlines.
    if (source === 'canvas' && !/#assignment_\d+/.test(url) && !/assignment/i.test(uid)) return;
    const due = dueOf(start, zone);
    if (!due) return;
    const named = titleAndCourse(source, summary, firstCategory(comp), calName);
    // The text rules of every import (domain/src/safeText.ts): cleaned, cut with "…" to the
    // limits; a title with nothing visible counts as missing.
    const title = importedText(named.title, TITLE_MAX_LENGTH);
    if (!title) return;
    const identity = identityOf(source, uid, url) + idSuffix;
    const override = /override/i.test(uid);
    const previous = byIdentity.get(identity);
    // A section override replaces the assignment's general due date.
    if (previous && previous.override && !override) return;
    byIdentity.set(identity, {
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
    });
  };

  for (const comp of bases) {
    const uid = text(comp.getFirstPropertyValue('uid'));
    const event = new ICAL.Event(comp, { exceptions: exceptions.get(uid) ?? [] });
    const start = event.startDate;
    if (!start) continue;
    if (!event.isRecurring()) {
      add(comp, start, '');
      continue;
    }
    const it = event.iterator();
    const horizon = now.getTime() + REPEAT_HORIZON_MS;
    for (let n = 0, next = it.next(); next && n < REPEAT_MAX; n++, next = it.next()) {
      if (next.toUnixTime() * 1000 > horizon) break;
      const details = event.getOccurrenceDetails(next);
      add(details.item.component, details.startDate, `@${next.toString()}`);
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
