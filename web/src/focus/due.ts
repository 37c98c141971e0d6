import { toLocalDate, whenWords } from '@brainboard/domain';

const MINUTE = 60_000;

/** "2d 4h left", "3h 5m left", "12m left", or "1h 30m overdue"; null without a due date. */
export function dueCountdown(dueDate: string | null | undefined, now: number): string | null {
  const due = toLocalDate(dueDate);
  if (!due) return null;
  const diff = due.getTime() - now;
  const minutes = Math.floor(Math.abs(diff) / MINUTE);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const span = days > 0 ? `${days}d ${hours}h` : hours > 0 ? `${hours}h ${mins}m` : `${mins}m`;
  return diff < 0 ? `${span} overdue` : `${span} left`;
}

/** The due date in the app's date words (dateWords.ts), e.g. "last Fri 8:00 AM". */
export function formatDue(dueDate: string | null | undefined, now: number): string | null {
  const due = toLocalDate(dueDate);
  return due ? whenWords(due, new Date(now)) : null;
}
