import {
  calendarDaysBetween,
  startBy,
  toLocalDate,
  type LearningFactor,
  type StudyHours,
  type TimedAssignment,
} from '@brainboard/domain';

/** The start of the next local calendar day after `now`. */
export function nextLocalMidnight(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
}

/**
 * The next moment after `now` at which any card's badges read differently, or null when none
 * ever will: a deadline later today passing ("Due Today · 10:00 AM" gains ", passed" and the
 * overdue tint the moment after it), a "Start by" time arriving ("Start now"), and local
 * midnight for every card with a due date (the urgency text counts calendar days).
 */
export function nextBadgeChange(
  cards: readonly TimedAssignment[],
  now: Date,
  learning: LearningFactor | null = null,
  hours?: StudyHours,
  planned: ReadonlyMap<string, Date> = new Map(),
): Date | null {
  const at = now.getTime();
  let next = Infinity;
  let dated = false;
  for (const card of cards) {
    const due = toLocalDate(card.due_date);
    if (!due) continue;
    dated = true;
    if (card.status === 'done') continue;
    const dueAt = due.getTime();
    if (dueAt >= at && calendarDaysBetween(now, due) === 0) next = Math.min(next, dueAt + 1);
    const start = (planned.get(card.id) ?? startBy(card, now, learning, hours))?.getTime();
    if (start !== undefined && start > at) next = Math.min(next, start);
  }
  if (dated) next = Math.min(next, nextLocalMidnight(now).getTime());
  return Number.isFinite(next) ? new Date(next) : null;
}
