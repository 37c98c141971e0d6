/** Due-date urgency by whole calendar days until due (docs/product.md, Behaviour). */
import {
  URGENCY_SOON_DAYS,
  URGENCY_TODAY_DAYS,
  URGENCY_TOMORROW_DAYS,
  URGENCY_TWO_DAYS,
  URGENCY_WEEK_DAYS,
} from './constants.ts';
import { toLocalDate } from './dueDate.ts';

type UrgencyLevel = 0 | 1 | 2 | 3 | 4 | 5;
/** Card badge background: red tint, white, or transparent (docs/product.md, Screens). */
type UrgencyBadge = 'overdue' | 'soon' | 'none';

export interface Urgency {
  level: UrgencyLevel;
  /** Null when more than 7 days away (the spec gives no text). */
  text: string | null;
  /** Whole local calendar days from today to the due day; negative when overdue. */
  days: number | null;
  badge: UrgencyBadge;
}

const NO_DUE_DATE_TEXT = 'No due date';
const INVALID_DATE_TEXT = 'Invalid date';

const MS_PER_DAY = 86_400_000;

/** Whole calendar days between the local days of `from` and `to` (DST-safe). */
export function calendarDaysBetween(from: Date, to: Date): number {
  const a = Date.UTC(from.getFullYear(), from.getMonth(), from.getDate());
  const b = Date.UTC(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((b - a) / MS_PER_DAY);
}

/** The urgency text for a number of whole days until due (docs/product.md, Behaviour). */
export function urgencyText(days: number): string | null {
  if (days < 0) return days === -1 ? 'Overdue by 1 day' : `Overdue by ${-days} days`;
  if (days === URGENCY_TODAY_DAYS) return 'Due Today';
  if (days === URGENCY_TOMORROW_DAYS) return 'Due Tomorrow';
  if (days <= URGENCY_WEEK_DAYS) return `Due in ${days} days`;
  return null;
}

function levelFor(days: number): UrgencyLevel {
  if (days < 0) return 5;
  if (days === URGENCY_TODAY_DAYS) return 4;
  if (days === URGENCY_TOMORROW_DAYS) return 3;
  if (days === URGENCY_TWO_DAYS) return 2;
  if (days <= URGENCY_WEEK_DAYS) return 1;
  return 0;
}

/**
 * The urgency of a due date as seen at `now`. Only the calendar day counts, so a task due
 * at 08:00 today is "Due Today" all day, and overdue only from the next day.
 */
export function getUrgency(dueDate: string | null | undefined, now: Date): Urgency {
  if (!dueDate) return { level: 0, text: NO_DUE_DATE_TEXT, days: null, badge: 'none' };
  const due = toLocalDate(dueDate);
  if (!due) return { level: 0, text: INVALID_DATE_TEXT, days: null, badge: 'none' };
  const days = calendarDaysBetween(now, due);
  const badge: UrgencyBadge = days < 0 ? 'overdue' : days <= URGENCY_SOON_DAYS ? 'soon' : 'none';
  return { level: levelFor(days), text: urgencyText(days), days, badge };
}
