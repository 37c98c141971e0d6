import { toLocalDate, type Urgency } from '@brainboard/domain';

/** The tint of a due badge: the red overdue tint, white (soon) or none. */
export type DueTone = Urgency['badge'];

/**
 * The tint a due badge wears at `now` (docs/product.md, Screens): the urgency's own, except
 * that a task due earlier today (still "Due Today") already wears the overdue tint. The board's
 * cards and Focus Mode both use it, so one deadline looks the same in both places.
 */
export function dueTone(dueDate: string | null | undefined, urgency: Urgency, now: Date): DueTone {
  const passed =
    urgency.days === 0 && (toLocalDate(dueDate)?.getTime() ?? Infinity) < now.getTime();
  return passed ? 'overdue' : urgency.badge;
}
