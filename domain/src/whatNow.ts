/**
 * "What now?": one assignment to work on, its first unticked subtask and one line saying why.
 * Used by GET /api/what-now and by the web app, so both always pick the same.
 *
 * The order:
 * 1. overdue and due today, the earliest due first;
 * 2. then the dated ones with the least slack first, where slack is the time left until due
 *    minus the (learning-adjusted) work left; work without an estimate counts as none;
 * 3. no due date (or one that cannot be read) last, in progress before new, then board order.
 * A Done card is never picked.
 */
import { compareAssignments } from './boardOrder.ts';
import { whenWords } from './dateWords.ts';
import { toLocalDate } from './dueDate.ts';
import {
  adjustedMinutes,
  formatMinutes,
  learningFactor,
  remainingEstimateMinutes,
  type LearningFactor,
  type TimedAssignment,
} from './estimates.ts';
import { calendarDaysBetween } from './urgency.ts';

interface PickableSubtask {
  id: string;
  completed: boolean;
  estimate_minutes?: number | null;
}

export interface Pickable extends TimedAssignment {
  id: string;
  subtasks: readonly PickableSubtask[];
  rank?: unknown;
  created_at?: unknown;
}

/** The answer of GET /api/what-now. */
export interface WhatNow {
  assignment_id: string;
  subtask_id: string | null;
  reason: string;
}

const MS_PER_MINUTE = 60_000;

interface Ranked<T> {
  item: T;
  tier: 0 | 1 | 2;
  due: number;
  slack: number;
}

/** Minutes between now and the due time minus the work left (adjusted). */
export function slackMinutes(
  a: Pickable,
  now: Date,
  learning: LearningFactor | null = null,
): number | null {
  const due = toLocalDate(a.due_date);
  if (!due) return null;
  const work = adjustedMinutes(remainingEstimateMinutes(a.subtasks) ?? 0, learning);
  return (due.getTime() - now.getTime()) / MS_PER_MINUTE - work;
}

function rank<T extends Pickable>(a: T, now: Date, learning: LearningFactor | null): Ranked<T> {
  const due = toLocalDate(a.due_date);
  if (!due) return { item: a, tier: 2, due: Infinity, slack: Infinity };
  const days = calendarDaysBetween(now, due);
  return {
    item: a,
    tier: days <= 0 ? 0 : 1,
    due: due.getTime(),
    slack: slackMinutes(a, now, learning) ?? Infinity,
  };
}

/** Every pickable (not done) assignment in "What now?" order. */
export function whatNowOrder<T extends Pickable>(
  items: readonly T[],
  now: Date,
  learning: LearningFactor | null = learningFactor(items),
): T[] {
  return items
    .filter((a) => a.status !== 'done')
    .map((a) => rank(a, now, learning))
    .sort(
      (x, y) =>
        x.tier - y.tier ||
        (x.tier === 0 ? x.due - y.due : 0) ||
        (x.tier === 1 ? x.slack - y.slack || x.due - y.due : 0) ||
        (x.tier === 2
          ? Number(y.item.status === 'in progress') - Number(x.item.status === 'in progress')
          : 0) ||
        compareAssignments(x.item, y.item),
    )
    .map((r) => r.item);
}

/**
 * The due part of the reason, in the app's date words (dateWords.ts): "Due tomorrow 9:00 AM",
 * "Was due last Fri 8:00 AM", "Due Dec 2, 9:00 AM", ...
 */
export function dueReason(due: string, now: Date): string {
  const d = toLocalDate(due);
  if (!d) return 'No due date';
  const when = whenWords(d, now);
  return calendarDaysBetween(now, d) < 0 ? `Was due ${when}` : `Due ${when}`;
}

/** The work part: "about 45 min of work left", "2 steps left", or null. */
function workReason(a: Pickable, learning: LearningFactor | null): string | null {
  const left = remainingEstimateMinutes(a.subtasks);
  if (left !== null) return `about ${formatMinutes(adjustedMinutes(left, learning))} of work left`;
  const open = a.subtasks.filter((s) => !s.completed).length;
  if (open > 0) return open === 1 ? '1 step left' : `${open} steps left`;
  return null;
}

/** One line: "Due tomorrow 9:00 AM · about 45 min of work left". */
function whatNowReason(a: Pickable, now: Date, learning: LearningFactor | null): string {
  const due = a.due_date ? dueReason(a.due_date, now) : 'No due date, next on your board';
  const work = workReason(a, learning);
  return work ? `${due} · ${work}` : due;
}

/**
 * The pick at `now`, passing over the ids in `skip` ("Something else"); when every card was
 * passed over, it starts again from the top. Null when nothing is left to do.
 */
export function pickWhatNow(
  items: readonly Pickable[],
  now: Date,
  skip: readonly string[] = [],
  plannedNow: string | null = null,
): WhatNow | null {
  const learning = learningFactor(items);
  const order = whatNowOrder(items, now, learning);
  const skipped = new Set(skip);
  // The work session planned for now (Plan my week) comes first, unless passed over.
  const planned = order.find((a) => a.id === plannedNow && !skipped.has(a.id));
  const pick = planned ?? order.find((a) => !skipped.has(a.id)) ?? order[0];
  if (!pick) return null;
  const reason = whatNowReason(pick, now, learning);
  return {
    assignment_id: pick.id,
    subtask_id: pick.subtasks.find((s) => !s.completed)?.id ?? null,
    reason: planned ? `Planned for now · ${reason}` : reason,
  };
}
