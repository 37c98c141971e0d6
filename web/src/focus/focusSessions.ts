import type { Assignment, BodyOf } from '@brainboard/domain';
import { callEndpoint } from '../data/api/call.ts';
import type { ApiClient } from '../data/api/client.ts';

export type FocusSessionEvent = BodyOf<'POST /api/assignment/:id/focus-sessions'>['event'];

/** A fresh id for one focus session, chosen here so a retried event counts once. */
export function newFocusSessionId(now: number = Date.now()): string {
  return `focus-${now}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * POST /api/assignment/{id}/focus-sessions: one event of a session; the server counts the
 * minutes with its own clock and answers the assignment with its new focus_minutes.
 */
export async function sendFocusEvent(
  api: Pick<ApiClient, 'post'>,
  assignmentId: string,
  sessionId: string,
  event: FocusSessionEvent,
): Promise<Assignment> {
  const res = await callEndpoint(
    api,
    'POST /api/assignment/:id/focus-sessions',
    { id: assignmentId },
    { session_id: sessionId, event },
  );
  return res.item;
}
