import {
  parseRepeatRule,
  repeatRuleOf,
  type DayCode,
  type Repeat,
  type RepeatPattern,
} from '@brainboard/domain';

/** The editor's "Repeats" fields. */
export interface RepeatForm {
  kind: 'never' | 'weekly' | 'daily' | 'monthly';
  days: DayCode[];
  every: number;
  monthDay: number;
  /** YYYY-MM-DD or ''. */
  until: string;
}

export const WEEKDAYS: { code: DayCode; label: string }[] = [
  { code: 'MO', label: 'Mon' },
  { code: 'TU', label: 'Tue' },
  { code: 'WE', label: 'Wed' },
  { code: 'TH', label: 'Thu' },
  { code: 'FR', label: 'Fri' },
  { code: 'SA', label: 'Sat' },
  { code: 'SU', label: 'Sun' },
];

/** The form for a stored repeat; the weekday and month day default to the due date's. */
export function repeatFormOf(repeat: Repeat | null, due: string): RepeatForm {
  const date = /^\d{4}-\d{2}-\d{2}/.test(due) ? new Date(`${due.slice(0, 10)}T00:00:00Z`) : null;
  const dueDay = date ? WEEKDAYS[(date.getUTCDay() + 6) % 7]!.code : 'MO';
  const base: RepeatForm = {
    kind: 'never',
    days: [dueDay],
    every: 2,
    monthDay: date ? date.getUTCDate() : 1,
    until: repeat?.until ?? '',
  };
  const p = repeat ? parseRepeatRule(repeat.rrule) : null;
  if (!p) return base;
  if (p.kind === 'weekly') return { ...base, kind: 'weekly', days: p.days };
  if (p.kind === 'daily') return { ...base, kind: 'daily', every: p.every };
  return { ...base, kind: 'monthly', monthDay: p.day };
}

/** The repeat to send, or null for "never". */
export function repeatOfForm(form: RepeatForm): Repeat | null {
  let pattern: RepeatPattern;
  if (form.kind === 'never') return null;
  if (form.kind === 'weekly') pattern = { kind: 'weekly', days: form.days, every: 1 };
  else if (form.kind === 'daily') pattern = { kind: 'daily', every: form.every };
  else pattern = { kind: 'monthly', day: form.monthDay };
  return { rrule: repeatRuleOf(pattern), until: form.until || null };
}

/** True when the form says something other than `repeat`. */
export function repeatChanged(form: RepeatForm, repeat: Repeat | null): boolean {
  const next = repeatOfForm(form);
  return JSON.stringify(next) !== JSON.stringify(repeat ?? null);
}
