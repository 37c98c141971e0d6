import {
  wallClockIn,
  type Assignment,
  type ProjectedAssignment,
  type ShareScope,
  type ShareSummary,
} from '@brainboard/domain';

/** What the projection reads of an assignment (as `assignmentFromDoc` reads it back). */
export type CardFields = Pick<
  Assignment,
  'id' | 'title' | 'due_date' | 'status' | 'completed_date' | 'description' | 'subtasks'
>;

const DAY_MS = 86_400_000;
/** "Due soon" is today and the next 3 days, in the student's zone. */
const DUE_SOON_DAYS = 3;
/** "This week" is the last 7 days up to now. */
const WEEK_MS = 7 * DAY_MS;

/**
 * One assignment as a supporter sees it: id, title, due date, column and completion, plus step
 * counts and the description only when the scope has them. Fields are picked one by one, so a
 * field added to assignments later is never shared by accident.
 */
export function projectCard(card: CardFields, scope: ShareScope): ProjectedAssignment {
  const projected: ProjectedAssignment = {
    id: card.id,
    title: card.title,
    due_date: card.due_date,
    status: card.status,
    completed_date: card.completed_date,
  };
  if (scope.steps) {
    projected.steps_done = card.subtasks.filter((s) => s.completed).length;
    projected.steps_total = card.subtasks.length;
  }
  if (scope.descriptions) projected.description = card.description;
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
