import { toLocalDate } from '@brainboard/domain';

/**
 * Display formats of the board, in the person's locale. Formatters are made once: a board of
 * hundreds of cards would otherwise build one Intl.DateTimeFormat per card and call.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(undefined, options);
    formatters.set(key, f);
  }
  return f;
}

const sameYear = (d: Date, now: Date) => d.getFullYear() === now.getFullYear();

const dateTime = (d: Date, now: Date) =>
  sameYear(d, now)
    ? formatter('dt', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
    : formatter('dty', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });

/** "Nov 22, 8:00 AM" (the year only when it is not this year); null when unparseable. */
export function formatDue(due: string, now: Date = new Date()): string | null {
  const d = toLocalDate(due);
  return d ? dateTime(d, now).format(d) : null;
}

/** completed_date ('YYYY-MM-DD' or an ISO timestamp) as "Nov 21, 2026"; the raw text otherwise. */
export function formatCompleted(completed: string): string {
  const d = toLocalDate(completed) ?? new Date(completed);
  if (Number.isNaN(d.getTime())) return completed;
  return formatter('date', { year: 'numeric', month: 'short', day: 'numeric' }).format(d);
}

/**
 * The due time next to an urgency text, as short as it can be: the time alone today and
 * tomorrow, the weekday and time within the week, the date when overdue, otherwise the date and
 * time. `days` is getUrgency's whole days until due.
 */
export function formatDueShort(due: string, days: number, now: Date = new Date()): string | null {
  const d = toLocalDate(due);
  if (!d) return null;
  if (days < 0) {
    return (
      sameYear(d, now)
        ? formatter('md', { month: 'short', day: 'numeric' })
        : formatter('mdy', { year: 'numeric', month: 'short', day: 'numeric' })
    ).format(d);
  }
  if (days <= 1) return formatter('t', { hour: 'numeric', minute: '2-digit' }).format(d);
  if (days <= 7) {
    return formatter('wt', { weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(d);
  }
  return dateTime(d, now).format(d);
}
