import { describeRepeat, effectiveReminders, REMINDER_CHOICES } from '@brainboard/domain';
import { repeatOfForm, type RepeatForm } from '../recurrence/repeatForm.ts';

/** "a", "a and b", "a, b and c". */
const joined = (parts: readonly string[]) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/**
 * Reminder times in one phrase, latest last: "1 day and 1 hour before", "at the due time",
 * "2 days and 1 hour before and at the due time". `minutes` is before the due time.
 */
export function reminderPhrase(minutes: readonly number[]): string {
  const sorted = [...new Set(minutes)].sort((a, b) => b - a);
  const before = sorted
    .filter((m) => m > 0)
    .map((m) => {
      const label = REMINDER_CHOICES.find((c) => c.minutes === m)?.label ?? `${m} minutes before`;
      return label.replace(/ before$/, '');
    });
  const parts = before.length > 0 ? [`${joined(before)} before`] : [];
  if (sorted.includes(0)) parts.push('at the due time');
  return parts.join(' and ');
}

/**
 * The one line under the closed "Reminders and Repeats" section of the editor, e.g.
 * "Reminders: 1 day and 1 hour before · Repeats every Fri". `reminders` is the assignment's own
 * list (null: the student's `defaults`, [] none).
 */
export function remindersRepeatSummary({
  reminders,
  defaults,
  hasDueDate,
  repeat,
}: {
  reminders: readonly number[] | null;
  defaults: readonly number[] | null | undefined;
  hasDueDate: boolean;
  repeat: RepeatForm;
}): string {
  const times = effectiveReminders(reminders, defaults);
  const reminderPart = !hasDueDate
    ? 'Reminders: add a due date first'
    : times.length === 0
      ? 'Reminders: none'
      : `Reminders: ${reminderPhrase(times)}`;
  const rule = repeatOfForm(repeat);
  let repeatPart = 'Does not repeat';
  if (rule) {
    const pattern = describeRepeat(rule.rrule);
    repeatPart = `Repeats ${pattern.charAt(0).toLowerCase()}${pattern.slice(1)}`;
    if (rule.until) repeatPart += ` until ${rule.until}`;
  }
  return `${reminderPart} · ${repeatPart}`;
}
