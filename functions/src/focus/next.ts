import type { Assignment } from '@brainboard/domain';
import { pickNextDue } from '../assignments/store.ts';

/**
 * The task Focus Mode moves on to through the gate.
 *
 * The current task is often still pending (the gate also opens at 80 % of the timer), so
 * asking for "the next due task" again would answer it once more. Instead: the next due task
 * (the same rule as GET /api/tasks/next-due) among those not seen in this focus session; when
 * every other pending task was seen, start over with all but the current one; null when the
 * current task is the only pending one.
 */
export function pickNextFocusTask(
  items: Assignment[],
  currentId: string,
  seen: readonly string[],
): Assignment | null {
  const skip = new Set([...seen, currentId]);
  const unseen = pickNextDue(items.filter((a) => !skip.has(a.id)));
  return unseen ?? pickNextDue(items.filter((a) => a.id !== currentId));
}

/** Most ids one request may list as seen (a focus session never gets near it). */
const MAX_SEEN_IDS = 200;

/** The `seen` query value 'a,b,c' as ids; null when malformed. */
export function parseSeen(raw: unknown): string[] | null {
  if (raw === undefined || raw === '') return [];
  if (typeof raw !== 'string' || raw.length > 20_000) return null;
  const ids = raw.split(',').filter(Boolean);
  if (ids.length > MAX_SEEN_IDS || ids.some((id) => id.length > 200)) return null;
  return ids;
}
