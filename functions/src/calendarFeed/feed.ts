import {
  calendarText,
  effectiveReminders,
  isDateOnly,
  migrateDateOnly,
  reminderInstants,
  type Assignment,
} from '@brainboard/domain';
import ical, { ICalAlarmType } from 'ical-generator';
import { DateTime } from 'luxon';
import { assignmentLink, EVENT_MINUTES } from '../calendar/event.ts';

/** SEQUENCE counts seconds of changes since this instant, so it only ever grows. */
const SEQUENCE_EPOCH = Date.UTC(2024, 0, 1);

export interface FeedOwner {
  defaults: number[] | null;
  zone: string;
}

/** iCalendar SEQUENCE of an assignment: grows with every saved change (updated_at). */
function sequenceOf(updatedAt: string): number {
  const t = Date.parse(updatedAt);
  return Number.isNaN(t) ? 0 : Math.max(0, Math.floor((t - SEQUENCE_EPOCH) / 1000));
}

/**
 * The student's pending assignments with a due date as an iCalendar feed: one event each at
 * the due time in the student's zone (TZID), a stable UID, a SEQUENCE that grows when the
 * assignment changes, and one display alarm per reminder time.
 */
export function buildFeed(
  assignments: readonly Assignment[],
  owner: FeedOwner,
  appUrl: string,
  now: Date,
): string {
  const cal = ical({
    name: 'Brainboard',
    prodId: { company: 'Brainboard', product: 'Assignments', language: 'EN' },
    timezone: owner.zone,
    ttl: 15 * 60,
  });
  for (const a of assignments) {
    if (a.status === 'done' || !a.due_date) continue;
    const due = isDateOnly(a.due_date) ? migrateDateOnly(a.due_date) : a.due_date;
    const minutes = effectiveReminders(a.reminders, owner.defaults);
    const [first] = reminderInstants(due, [0], owner.zone);
    if (!first) continue;
    const start = DateTime.fromJSDate(first.at, { zone: owner.zone });
    const link = assignmentLink(appUrl, a.id);
    // Stored text leaves by the text rules (domain/src/safeText.ts), whatever the document
    // holds: a calendar app shows SUMMARY and DESCRIPTION as they come.
    const title = calendarText(a.title, 'line').trim();
    const description = calendarText(a.description, 'multiline').trim();
    cal.createEvent({
      id: `${a.id}@brainboard`,
      sequence: sequenceOf(a.updated_at),
      stamp: now,
      start,
      end: start.plus({ minutes: EVENT_MINUTES }),
      timezone: owner.zone,
      summary: title,
      description: `${description ? `${description}\n\n` : ''}Open in Brainboard: ${link}`,
      url: link,
      alarms: minutes.map((m) => ({
        type: ICalAlarmType.display,
        trigger: m * 60,
        description: title,
      })),
    });
  }
  return cal.toString();
}
