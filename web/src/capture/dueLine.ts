import { toLocalDate, weekdayDateTimeWords } from '@brainboard/domain';

/** "due Fri, Nov 27, 5:00 PM", or "No due date found". */
export function dueLine(due: string | null, now: Date): string {
  const d = due ? toLocalDate(due) : null;
  return d ? `due ${weekdayDateTimeWords(d, now)}` : 'No due date found';
}
