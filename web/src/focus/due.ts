import { toLocalDate } from '@brainboard/domain';

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

/** The due date as the student reads it, e.g. "Mon, Nov 23, 2026, 8:00 AM". */
export function formatDue(dueDate: string | null | undefined, locale?: string): string | null {
  const due = toLocalDate(dueDate);
  if (!due) return null;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(due);
}
