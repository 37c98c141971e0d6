/**
 * Where "Skip to next …" moves a repeating card. Apart from repeatForm.ts because it runs the
 * rule (rrule, through the domain's occurrences): only a repeating card's badge and the overdue
 * reset load it, not the editor.
 */
import { nextOccurrence, wallClockIn, type Assignment } from '@brainboard/domain';

/** The student's IANA zone, sent with a repeat so "now" is read on their clock. */
const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The date "Skip to next …" would move an open card to, read on this device's clock. */
export function skipTarget(a: Assignment, now: Date): string | null {
  if (!a.repeat || !a.due_date) return null;
  const present = wallClockIn(now, deviceZone());
  return nextOccurrence(a.repeat, a.due_date, a.due_date > present ? a.due_date : present);
}
