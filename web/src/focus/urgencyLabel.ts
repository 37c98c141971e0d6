import { getUrgency } from '@brainboard/domain';
import { dueTone, type DueTone } from '../ui/dueTone.ts';
import { dueCountdown } from './due.ts';

/** The one label Focus Mode shows about a deadline, and the board's tint for it. */
export interface UrgencyLabel {
  text: string;
  tone: DueTone;
  /** The urgency level (0 to 5), as the board's cards carry it. */
  level: number;
}

/**
 * One label at a time, so a deadline is said once: the urgency text the board shows ("Overdue
 * by 2 days", "Due Today", "Due in 3 days"); beyond a week, where there is none, the time left
 * ("12d 4h left"). Its tint is the board card's for the same deadline at the same moment.
 */
export function urgencyLabel(dueDate: string | null | undefined, now: number): UrgencyLabel {
  const at = new Date(now);
  const urgency = getUrgency(dueDate, at);
  const text = urgency.text ?? dueCountdown(dueDate, now) ?? '';
  return { text, tone: dueTone(dueDate, urgency, at), level: urgency.level };
}
