/**
 * A reset without shame: overdue cards get a new due date (or none, or are marked done) in one
 * calm step. Pure: `now` is passed in; dates are the student's local wall time.
 */
import { formatDateOnly, toLocalDate } from './dueDate.ts';
import { calendarDaysBetween } from './urgency.ts';

export type ResetChoice = 'tonight' | 'tomorrow' | 'weekend' | 'date' | 'none' | 'done';

/** What one card's reset writes: a new due date, or the status done. */
export type ResetChange = { due_date: string } | { status: 'done' };

/** The evening hour "tonight" moves a card to. */
const TONIGHT_HOUR = 20;

interface Resettable {
  status: string;
  due_date: string;
}

/** Overdue: not done and due on an earlier calendar day than `now`. */
function isOverdue(a: Resettable, now: Date): boolean {
  if (a.status === 'done') return false;
  const due = toLocalDate(a.due_date);
  return due !== null && calendarDaysBetween(now, due) < 0;
}

export function overdueOf<T extends Resettable>(items: readonly T[], now: Date): T[] {
  return items.filter((a) => isOverdue(a, now));
}

/** "3 assignments slipped past their time. Let's reset." */
export function resetLine(count: number): string {
  return count === 1
    ? "1 assignment slipped past its time. Let's reset."
    : `${count} assignments slipped past their time. Let's reset.`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' of the card's own due time, or the default 08:00 for a date-only one. */
function timeOf(due: string): string {
  const m = /T(\d{2}):(\d{2})/.exec(due);
  return m ? `${m[1]}:${m[2]}` : '08:00';
}

function addDays(now: Date, days: number): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
}

/**
 * The due date a choice gives a card at `now`. Tomorrow, the weekend and a picked date keep the
 * card's own time of day; tonight is 8 PM today (or the next full hour after 8 PM); the weekend
 * is the coming Saturday (Sunday when it is Saturday already). `date` is 'YYYY-MM-DD'.
 */
export function resetDueDate(
  choice: Exclude<ResetChoice, 'none' | 'done'>,
  due: string,
  now: Date,
  date?: string,
): string {
  const time = timeOf(due);
  if (choice === 'tonight') {
    const hour = Math.max(TONIGHT_HOUR, now.getHours() + 1);
    if (hour > 23) return `${formatDateOnly(now)}T23:59:00`;
    return `${formatDateOnly(now)}T${pad2(hour)}:00:00`;
  }
  if (choice === 'tomorrow') return `${formatDateOnly(addDays(now, 1))}T${time}:00`;
  if (choice === 'weekend') {
    const day = now.getDay();
    return `${formatDateOnly(addDays(now, day === 6 ? 1 : 6 - day))}T${time}:00`;
  }
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error('Pick a date first.');
  return `${date}T${time}:00`;
}

/** The field-level change one choice makes to one card. */
export function resetChange(
  choice: ResetChoice,
  due: string,
  now: Date,
  date?: string,
): ResetChange {
  if (choice === 'done') return { status: 'done' };
  if (choice === 'none') return { due_date: '' };
  return { due_date: resetDueDate(choice, due, now, date) };
}
