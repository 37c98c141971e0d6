import { formatDateOnly, type Assignment } from '@brainboard/domain';
import { callEndpoint } from '../data/api/call.ts';
import type { ApiClient } from '../data/api/client.ts';

/** The browser's local calendar date, 'YYYY-MM-DD': the day the streak counts. */
export function localDate(now: Date = new Date()): string {
  return formatDateOnly(now);
}

/** POST /api/focus/complete: records a completed focus session, answers the streak. */
export async function completeFocusSession(api: ApiClient, date: string): Promise<number> {
  const res = await callEndpoint(api, 'POST /api/focus/complete', {}, { date });
  const streak: unknown = res?.streak;
  if (typeof streak !== 'number' || !Number.isFinite(streak)) {
    throw new Error('The server did not answer the focus streak.');
  }
  return streak;
}

/**
 * GET /api/focus/next: the task after `currentId`, skipping those seen in this focus session;
 * null when no other task is pending.
 */
export async function fetchNextFocusTask(
  api: ApiClient,
  currentId: string,
  seen: readonly string[],
): Promise<Assignment | null> {
  const task = await callEndpoint(api, 'GET /api/focus/next', {}, undefined, {
    query: { current: currentId, seen: seen.join(','), t: String(Date.now()) },
  });
  return task ?? null;
}
