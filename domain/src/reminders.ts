/**
 * Reminder times: a due date (local wall time, no zone), the minutes before it at which to
 * remind, and the student's IANA time zone give the instants the reminders fire. Pure: the
 * caller passes every input, the current time included.
 */
import { z } from 'zod';
import { clockWords } from './dateWords.ts';
import { toLocalDate } from './dueDate.ts';
import { cleanText } from './safeText.ts';
import { isTimeZone, wallClockIn, zonedInstant } from './timeZone.ts';

/** Preset for every assignment with a due time: 1 day before and 1 hour before. */
export const DEFAULT_REMINDER_MINUTES: readonly number[] = [1440, 60];
/** At most this many reminders for one assignment (or as defaults). */
export const REMINDERS_MAX_COUNT = 5;
/** The earliest reminder: 7 days before the due time. */
const REMINDER_MAX_MINUTES = 7 * 24 * 60;
/** The zone used while the profile has none yet. */
export const DEFAULT_TIME_ZONE = 'UTC';
/** Snoozing a reminder fires it again after this many minutes. */
export const SNOOZE_MINUTES = 10;

/** A list of minutes before the due time: integers 0 to 10080, at most 5, no repeats. */
export function reminderListSchema(field: string) {
  return z
    .array(
      z
        .number({ error: `${field} must hold whole numbers of minutes.` })
        .int(`${field} must hold whole numbers of minutes.`)
        .min(0, `${field} must be between 0 and ${REMINDER_MAX_MINUTES} minutes before.`)
        .max(
          REMINDER_MAX_MINUTES,
          `${field} must be between 0 and ${REMINDER_MAX_MINUTES} minutes before.`,
        ),
      { error: `${field} must be a list of minutes.` },
    )
    .max(REMINDERS_MAX_COUNT, `${field} must have at most ${REMINDERS_MAX_COUNT} items.`)
    .refine((list) => new Set(list).size === list.length, `${field} must not repeat a time.`);
}

export const timeZoneSchema = z
  .string({ error: 'time_zone must be text.' })
  .refine(isTimeZone, 'time_zone must be an IANA time zone such as Europe/Berlin.');

/** The reminders in force: the assignment's own list, or the defaults when it has none (null). */
export function effectiveReminders(
  own: readonly number[] | null | undefined,
  defaults: readonly number[] | null | undefined,
): number[] {
  const list = own ?? defaults ?? DEFAULT_REMINDER_MINUTES;
  return [...new Set(list)].sort((a, b) => b - a);
}

export interface ReminderInstant {
  /** Minutes before the due time. */
  minutes: number;
  /** When it fires. */
  at: Date;
}

/**
 * When each reminder of a due time fires, earliest first. No due time (empty or date-only)
 * means no reminders.
 */
export function reminderInstants(
  dueDate: string,
  minutesBefore: readonly number[],
  zone: string,
): ReminderInstant[] {
  if (!dueDate.includes('T')) return [];
  const due = zonedInstant(dueDate, isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);
  if (!due) return [];
  return [...new Set(minutesBefore)]
    .sort((a, b) => b - a)
    .map((minutes) => ({ minutes, at: new Date(due.getTime() - minutes * 60_000) }));
}

/** What a reminder's schedule needs of an assignment. */
export interface RemindableAssignment {
  due_date: string;
  status: string;
  reminders?: readonly number[] | null | undefined;
}

/**
 * How far back a reminder still fires: one whose instant passed up to this long ago (a run
 * that came late or failed, a card saved just after its reminder time) is still sent.
 */
export const REMINDER_LOOKBACK_MINUTES = 15;

/** What a scheduled reminder is: the minutes before the due time, or a snooze. */
export interface ReminderFiring {
  at: Date;
  /**
   * Names what fires, for the exactly-once delivery record: "<due_date>|<minutes>" for a
   * reminder time, "snooze|<instant>" for a snooze.
   */
  key: string;
}

/**
 * An assignment's reminders as stored for the dispatcher: everything needed to tell the next
 * one after any instant without reading the assignment or the profile again.
 */
export interface ReminderPlan {
  due_date: string;
  /** The reminder times in force (own list or the student's defaults), largest first. */
  minutes: number[];
  zone: string;
  /** A snoozed reminder fires again then; null when none is pending. */
  snooze_at: Date | null;
}

/**
 * The reminders of an assignment, or null when it has none: done, or no due time. A snooze
 * older than the lookback is dropped.
 */
export function reminderPlan(
  assignment: RemindableAssignment,
  defaults: readonly number[] | null | undefined,
  zone: string,
  snoozeAt: Date | null,
  now: Date,
): ReminderPlan | null {
  if (assignment.status === 'done' || !assignment.due_date.includes('T')) return null;
  const validZone = isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  if (!zonedInstant(assignment.due_date, validZone)) return null;
  const since = now.getTime() - REMINDER_LOOKBACK_MINUTES * 60_000;
  return {
    due_date: assignment.due_date,
    minutes: effectiveReminders(assignment.reminders, defaults),
    zone: validZone,
    snooze_at: snoozeAt && snoozeAt.getTime() > since ? snoozeAt : null,
  };
}

/**
 * The first reminder of `plan` that fires strictly after `after`, or null when none is left.
 * A reminder time and a snooze at the same instant: the reminder time first.
 */
export function nextFiring(plan: ReminderPlan, after: Date): ReminderFiring | null {
  const times: ReminderFiring[] = reminderInstants(plan.due_date, plan.minutes, plan.zone).map(
    (r) => ({ at: r.at, key: `${plan.due_date}|${r.minutes}` }),
  );
  if (plan.snooze_at) {
    times.push({ at: plan.snooze_at, key: `snooze|${plan.snooze_at.toISOString()}` });
  }
  const pending = times.filter((t) => t.at.getTime() > after.getTime());
  pending.sort((a, b) => a.at.getTime() - b.at.getTime());
  return pending[0] ?? null;
}

/** The first reminder a newly saved plan fires: the next one after now less the lookback. */
export const firstFiring = (plan: ReminderPlan, now: Date): ReminderFiring | null =>
  nextFiring(plan, new Date(now.getTime() - REMINDER_LOOKBACK_MINUTES * 60_000));

/** "1 hour", "1 day", "2 days 3 hours", "10 minutes": how far before the due time. */
function describeLead(minutes: number): string {
  if (minutes === 0) return 'now';
  const parts: string[] = [];
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days) parts.push(unit(days, 'day'));
  if (hours) parts.push(unit(hours, 'hour'));
  if (mins) parts.push(unit(mins, 'minute'));
  return parts.join(' ');
}

/**
 * The line a reminder shows: "Physics worksheet · due in 1 hour (5:00 PM)". The title leaves
 * by the text rules (domain/src/safeText.ts), whatever the stored copy holds.
 */
export function reminderText(
  title: string,
  due: Date,
  now: Date,
  zone: string,
): { title: string; body: string } {
  const left = Math.round((due.getTime() - now.getTime()) / 60_000);
  const time = clockWords(
    toLocalDate(wallClockIn(due, isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE))!,
    'en-US',
  );
  const when = left > 0 ? `due in ${describeLead(left)} (${time})` : `due now (${time})`;
  return {
    title: `${cleanText(title, 'line').trim()} · ${when}`,
    body: 'Tap Start focus to begin, or snooze for 10 minutes.',
  };
}

/** Picker choices for a reminder time, in minutes before, with their labels. */
export const REMINDER_CHOICES: readonly { minutes: number; label: string }[] = [
  { minutes: 0, label: 'At the due time' },
  { minutes: 5, label: '5 minutes before' },
  { minutes: 15, label: '15 minutes before' },
  { minutes: 30, label: '30 minutes before' },
  { minutes: 60, label: '1 hour before' },
  { minutes: 120, label: '2 hours before' },
  { minutes: 360, label: '6 hours before' },
  { minutes: 1440, label: '1 day before' },
  { minutes: 2880, label: '2 days before' },
  { minutes: 10080, label: '7 days before' },
];
