import { calendarText, isValidDueDate, migrateDateOnly } from '@brainboard/domain';

/** Length of the calendar event that marks a due time (documented in README). */
export const EVENT_MINUTES = 60;
/** Zone used when the browser sent none. */
export const FALLBACK_TIME_ZONE = 'UTC';

export class EventInputError extends Error {}

export const NO_DUE_DATE =
  'This assignment has no due date. Add a due date and time to save it to your calendar.';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DDTHH:MM:00' plus minutes, as wall-clock time (the zone is applied by Google). */
export function addMinutes(localDateTime: string, minutes: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):00$/.exec(localDateTime);
  if (!m) throw new EventInputError(`Not a local date-time: ${localDateTime}`);
  const t = new Date(
    Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]) + minutes),
  );
  return (
    `${String(t.getUTCFullYear()).padStart(4, '0')}-${pad(t.getUTCMonth() + 1)}-` +
    `${pad(t.getUTCDate())}T${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:00`
  );
}

export interface EventSource {
  id: string;
  title: string;
  description: string;
  due_date: string;
}

/** The link back to the assignment in the web app. */
export const assignmentLink = (appUrl: string, id: string) =>
  `${appUrl}/dashboard?assignment=${encodeURIComponent(id)}`;

/**
 * The Calendar v3 event for an assignment: a timed event (never all-day,
 * as docs/product.md says) that starts at the due date and time in the student's zone and
 * lasts EVENT_MINUTES, with the title, the description and a link back.
 * A legacy date-only due date takes the default time 08:00 (docs/product.md, Behaviour).
 */
export function eventFor(
  assignment: EventSource,
  timeZone: string,
  appUrl: string,
  reminderMinutes: readonly number[] = [],
) {
  const due = migrateDateOnly(assignment.due_date ?? '');
  if (!due) throw new EventInputError(NO_DUE_DATE);
  if (!isValidDueDate(due)) {
    throw new EventInputError('The due date of this assignment is not valid.');
  }
  const link = assignmentLink(appUrl, assignment.id);
  // Stored text leaves by the text rules (domain/src/safeText.ts), whatever the document holds.
  const description = calendarText(assignment.description, 'multiline').trim();
  return {
    summary: calendarText(assignment.title, 'line').trim(),
    description: `${description ? `${description}\n\n` : ''}Open in Brainboard: ${link}`,
    start: { dateTime: due, timeZone },
    end: { dateTime: addMinutes(due, EVENT_MINUTES), timeZone },
    source: { title: 'Brainboard', url: link },
    extendedProperties: { private: { brainboardAssignmentId: assignment.id } },
    // The same reminder times as push and the calendar feed, as popups.
    reminders: {
      useDefault: false,
      overrides: reminderMinutes.map((minutes) => ({ method: 'popup', minutes })),
    },
  };
}
