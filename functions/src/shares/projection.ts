import {
  wallClockIn,
  type ProjectedAssignment,
  type ShareScope,
  type ShareSummary,
} from '@brainboard/domain';

/** The stored fields the projection reads; everything else of an assignment is never read. */
export interface StoredCard {
  id: string;
  title?: unknown;
  due_date?: unknown;
  status?: unknown;
  completed_date?: unknown;
  description?: unknown;
  subtasks?: unknown;
}

const DAY_MS = 86_400_000;
/** "Due soon" is today and the next 3 days, in the student's zone. */
const DUE_SOON_DAYS = 3;
/** "This week" is the last 7 days up to now. */
const WEEK_MS = 7 * DAY_MS;

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const statusOf = (v: unknown): ProjectedAssignment['status'] =>
  v === 'in progress' || v === 'done' ? v : 'new';

/**
 * One assignment as a supporter sees it: id, title, due date, column and completion, plus step
 * counts and the description only when the scope has them. Fields are picked one by one, so a
 * field added to assignments later is never shared by accident.
 */
export function projectCard(card: StoredCard, scope: ShareScope): ProjectedAssignment {
  const projected: ProjectedAssignment = {
    id: card.id,
    title: text(card.title),
    due_date: text(card.due_date),
    status: statusOf(card.status),
    completed_date: typeof card.completed_date === 'string' ? card.completed_date : null,
  };
  if (scope.steps) {
    const steps = Array.isArray(card.subtasks) ? (card.subtasks as { completed?: unknown }[]) : [];
    projected.steps_done = steps.filter((s) => s?.completed === true).length;
    projected.steps_total = steps.length;
  }
  if (scope.descriptions) projected.description = text(card.description);
  return projected;
}

/**
 * The week at a glance at `now`: cards finished in the last 7 days, focus minutes of the
 * sessions touched in them (null when focus time is not shared), and open cards due from today
 * through the next 3 days on the student's calendar (`zone`).
 */
export function summarize(
  cards: ProjectedAssignment[],
  focusMinutes: number | null,
  zone: string,
  now: Date,
): ShareSummary {
  const weekStart = now.getTime() - WEEK_MS;
  const today = wallClockIn(now, zone).slice(0, 10);
  const lastDay = wallClockIn(now.getTime() + DUE_SOON_DAYS * DAY_MS, zone).slice(0, 10);
  let done = 0;
  let dueSoon = 0;
  for (const card of cards) {
    if (card.status === 'done') {
      const at = card.completed_date ? Date.parse(card.completed_date) : NaN;
      if (at >= weekStart && at <= now.getTime()) done += 1;
    } else if (card.due_date) {
      const day = card.due_date.slice(0, 10);
      if (day >= today && day <= lastDay) dueSoon += 1;
    }
  }
  return { done_this_week: done, focus_minutes_this_week: focusMinutes, due_soon: dueSoon };
}

/** Where the week of focus sessions starts, as the sessions' `updated_at` strings compare. */
export const weekStartIso = (now: Date) => new Date(now.getTime() - WEEK_MS).toISOString();
