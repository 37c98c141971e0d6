// Calendar feeds shaped like the exports of four LMSs, written from their documentation and
// published samples. Dates are relative to `base` (a day at 00:00 UTC), so the feeds stay
// current whenever the stand-in starts; unit tests pass a fixed base.
//
// - Canvas (Calendar → Calendar Feed): PRODID icalendar-ruby, X-WR-CALNAME "<name> Calendar
//   (Canvas)", UIDs event-assignment-<id> and, for a section's own date,
//   event-assignment-override-<id> with the same #assignment_<id> URL; SUMMARY "Title [COURSE]";
//   UTC times; all-day assignments as DTSTART;VALUE=DATE; calendar events (not deadlines) too.
// - Moodle (Calendar → Export calendar): PRODID "-//Moodle Pty Ltd//NONSGML Moodle Version ...",
//   UIDs "<event id>@<site>", SUMMARY "<activity> is due", course short name in CATEGORIES, UTC.
// - Blackboard Learn (Calendar → Share Calendar): PRODID "-//Blackboard Inc.//Blackboard
//   Learn//EN", SUMMARY "<COURSE-ID>: <title>", a VTIMEZONE with TZID times.
// - Google Classroom (the class calendar's secret iCal address): Google Calendar's export, PRODID
//   "-//Google Inc//Google Calendar 70.9054//EN", X-WR-CALNAME the class, VTIMEZONE, all-day
//   items, a weekly RRULE with one moved occurrence (RECURRENCE-ID), folded long lines.

export type FixtureName = 'canvas' | 'moodle' | 'blackboard' | 'classroom';
export const FIXTURE_NAMES: FixtureName[] = ['canvas', 'moodle', 'blackboard', 'classroom'];

const DAY = 24 * 3600 * 1000;
const pad = (n: number) => String(n).padStart(2, '0');

/** `base + days` at hh:mm UTC as an iCalendar UTC date-time. */
export function utc(base: Date, days: number, hh: number, mm: number): string {
  const d = new Date(base.getTime() + days * DAY);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(hh)}${pad(mm)}00Z`;
}
/** `base + days` as an iCalendar date (no time). */
function date(base: Date, days: number): string {
  const d = new Date(base.getTime() + days * DAY);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
}
/** `base + days` at hh:mm as a local date-time (for a TZID). */
function local(base: Date, days: number, hh: number, mm: number): string {
  return `${date(base, days)}T${pad(hh)}${pad(mm)}00`;
}

/** Today at 00:00 UTC. */
export function startOfUtcDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Folds a content line at 75 octets, as RFC 5545 §3.1 requires of long lines. */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 75) {
    out.push(rest.slice(0, 75));
    rest = ` ${rest.slice(75)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

const ics = (lines: string[]) => `${lines.map(fold).join('\r\n')}\r\n`;

export function canvasFeed(base: Date): string {
  const site = 'https://canvas.example.edu';
  const ev = (uid: string, summary: string, start: string[], url: string, desc = '') => [
    'BEGIN:VEVENT',
    `DTSTAMP:${utc(base, 0, 8, 0)}`,
    ...start,
    'CLASS:PUBLIC',
    `DESCRIPTION:${desc}`,
    'SEQUENCE:0',
    `SUMMARY:${summary}`,
    `URL;VALUE=URI:${url}`,
    `UID:${uid}`,
    'END:VEVENT',
  ];
  const link = (course: number, id: string) =>
    `${site}/calendar?include_contexts=course_${course}&month=12&year=2026#${id}`;
  return ics([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:icalendar-ruby',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Sam Student Calendar (Canvas)',
    'X-WR-CALDESC:Calendar events for the user\\, Sam Student',
    ...ev(
      'event-assignment-5101',
      'Essay draft [ENG101-02]',
      [`DTSTART:${utc(base, 3, 23, 59)}`, `DTEND:${utc(base, 3, 23, 59)}`],
      link(1201, 'assignment_5101'),
      'Write 1500 words on a poem of your choice\\, with two sources.',
    ),
    // The section's own date for assignment 5102 replaces the general one below it.
    ...ev(
      'event-assignment-override-7702',
      'Problem set 4 [MATH140]',
      [`DTSTART:${utc(base, 6, 17, 0)}`, `DTEND:${utc(base, 6, 17, 0)}`],
      link(1302, 'assignment_5102'),
    ),
    ...ev(
      'event-assignment-5102',
      'Problem set 4 [MATH140]',
      [`DTSTART:${utc(base, 5, 17, 0)}`, `DTEND:${utc(base, 5, 17, 0)}`],
      link(1302, 'assignment_5102'),
    ),
    ...ev(
      'event-assignment-5103',
      'Reading reflection [ENG101-02]',
      [`DTSTART;VALUE=DATE:${date(base, 8)}`, `DTEND;VALUE=DATE:${date(base, 9)}`],
      link(1201, 'assignment_5103'),
    ),
    // Long past: skipped on the first import.
    ...ev(
      'event-assignment-4999',
      'Syllabus quiz [MATH140]',
      [`DTSTART:${utc(base, -30, 23, 59)}`, `DTEND:${utc(base, -30, 23, 59)}`],
      link(1302, 'assignment_4999'),
    ),
    // A calendar event, not a deadline.
    ...ev(
      'event-calendar-event-880',
      'Guest lecture [ENG101-02]',
      [`DTSTART:${utc(base, 4, 15, 0)}`, `DTEND:${utc(base, 4, 16, 0)}`],
      `${site}/calendar?include_contexts=course_1201#calendar_event_880`,
    ),
    'END:VCALENDAR',
  ]);
}

function moodleFeed(base: Date): string {
  const ev = (id: number, summary: string, course: string, start: string, desc: string) => [
    'BEGIN:VEVENT',
    `UID:${id}@moodle.example.edu`,
    `SUMMARY:${summary}`,
    `DESCRIPTION:${desc}`,
    'CLASS:PUBLIC',
    `LAST-MODIFIED:${utc(base, -1, 10, 15)}`,
    `DTSTAMP:${utc(base, 0, 9, 0)}`,
    `DTSTART:${start}`,
    `DTEND:${start}`,
    `CATEGORIES:${course}`,
    'END:VEVENT',
  ];
  return ics([
    'BEGIN:VCALENDAR',
    'METHOD:PUBLISH',
    'PRODID:-//Moodle Pty Ltd//NONSGML Moodle Version 2024100700//EN',
    'VERSION:2.0',
    ...ev(
      3301,
      'Lab report 2 is due',
      'BIO201',
      utc(base, 2, 22, 0),
      'Upload your lab report as a PDF.',
    ),
    ...ev(3302, 'Forum post is due', 'HIST110', utc(base, 4, 12, 0), 'Reply to two classmates.'),
    ...ev(
      3303,
      'Quiz: cell biology is due',
      'BIO201',
      utc(base, 9, 23, 59),
      'Twenty questions\\, one attempt.',
    ),
    'END:VCALENDAR',
  ]);
}

function blackboardFeed(base: Date): string {
  const ev = (uid: string, summary: string, start: string) => [
    'BEGIN:VEVENT',
    `DTSTAMP:${utc(base, 0, 6, 0)}`,
    `UID:${uid}`,
    `SUMMARY:${summary}`,
    `DTSTART;TZID=Europe/Berlin:${start}`,
    `DTEND;TZID=Europe/Berlin:${start}`,
    'END:VEVENT',
  ];
  return ics([
    'BEGIN:VCALENDAR',
    'PRODID:-//Blackboard Inc.//Blackboard Learn//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'BEGIN:VTIMEZONE',
    'TZID:Europe/Berlin',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:+0100',
    'TZOFFSETTO:+0200',
    'TZNAME:CEST',
    'DTSTART:19700329T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0200',
    'TZOFFSETTO:+0100',
    'TZNAME:CET',
    'DTSTART:19701025T030000',
    'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
    ...ev('_88120_1-gradebook', 'CHEM-110-01: Lab safety quiz', local(base, 1, 23, 59)),
    ...ev('_88121_1-gradebook', 'CHEM-110-01: Titration write-up', local(base, 7, 9, 0)),
    ...ev('_90011_1-gradebook', 'PSY-100: Research summary', local(base, 10, 17, 30)),
    'END:VCALENDAR',
  ]);
}

function classroomFeed(base: Date): string {
  return ics([
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Biology 9B',
    'X-WR-TIMEZONE:America/Los_Angeles',
    'BEGIN:VTIMEZONE',
    'TZID:America/Los_Angeles',
    'X-LIC-LOCATION:America/Los_Angeles',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:-0800',
    'TZOFFSETTO:-0700',
    'TZNAME:PDT',
    'DTSTART:19700308T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:-0700',
    'TZOFFSETTO:-0800',
    'TZNAME:PST',
    'DTSTART:19701101T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `DTSTART;VALUE=DATE:${date(base, 2)}`,
    `DTEND;VALUE=DATE:${date(base, 3)}`,
    `DTSTAMP:${utc(base, 0, 7, 0)}`,
    'UID:classroom-coursework-612345678901@google.com',
    `CREATED:${utc(base, -2, 7, 0)}`,
    'DESCRIPTION:Label the parts of a plant cell and explain what each part does. Open in Classroom: https://classroom.google.com/c/NjEyMzQ1Njc4OTAx/a/NjEyMzQ1Njc4OTAy/details',
    'SUMMARY:Cell diagram',
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `DTSTART;TZID=America/Los_Angeles:${local(base, 5, 20, 0)}`,
    `DTEND;TZID=America/Los_Angeles:${local(base, 5, 20, 0)}`,
    `DTSTAMP:${utc(base, 0, 7, 0)}`,
    'UID:classroom-coursework-612345678903@google.com',
    'SUMMARY:Photosynthesis worksheet',
    'END:VEVENT',
    // A weekly reading check for three weeks; the second one moved a day later.
    'BEGIN:VEVENT',
    `DTSTART;TZID=America/Los_Angeles:${local(base, 1, 8, 0)}`,
    `DTEND;TZID=America/Los_Angeles:${local(base, 1, 8, 0)}`,
    'RRULE:FREQ=WEEKLY;COUNT=3',
    `DTSTAMP:${utc(base, 0, 7, 0)}`,
    'UID:classroom-reading-check@google.com',
    'SUMMARY:Reading check',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `RECURRENCE-ID;TZID=America/Los_Angeles:${local(base, 8, 8, 0)}`,
    `DTSTART;TZID=America/Los_Angeles:${local(base, 9, 8, 0)}`,
    `DTEND;TZID=America/Los_Angeles:${local(base, 9, 8, 0)}`,
    `DTSTAMP:${utc(base, 0, 7, 0)}`,
    'UID:classroom-reading-check@google.com',
    'SUMMARY:Reading check (moved)',
    'END:VEVENT',
    'END:VCALENDAR',
  ]);
}

export function fixtureFeed(name: FixtureName, base: Date): string {
  switch (name) {
    case 'canvas':
      return canvasFeed(base);
    case 'moodle':
      return moodleFeed(base);
    case 'blackboard':
      return blackboardFeed(base);
    case 'classroom':
      return classroomFeed(base);
  }
}
