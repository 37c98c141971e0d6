import type { Assignment, TimerStatus } from '@brainboard/domain';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { ApiClient } from '../data/api/client.ts';
import { newFocusSessionId, sendFocusEvent, type FocusSessionEvent } from './focusSessions.ts';

/**
 * Tells the server about the timer of one task, so it can count the focused minutes with its
 * own clock: start when the timer runs, pause and resume with it, finish when it completes,
 * restarts or the task view goes away. Events go one after another, in order; a failed one is
 * logged and the timer carries on (the minutes of that stretch are then not counted).
 */
export function useFocusSession(opts: {
  api: Pick<ApiClient, 'post'>;
  assignmentId: string;
  status: TimerStatus;
  /** Raised by one on each restart of the timer: a new session. */
  resets: number;
  onItem(item: Assignment): void;
}): void {
  const { api, assignmentId, status, resets } = opts;
  const session = useRef<{ id: string; open: boolean } | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const onItem = useEffectEvent((item: Assignment) => opts.onItem(item));

  const send = useEffectEvent((event: FocusSessionEvent) => {
    if (event === 'start') session.current = { id: newFocusSessionId(), open: true };
    const current = session.current;
    if (!current?.open) return;
    if (event === 'finish') current.open = false;
    queue.current = queue.current.then(() =>
      sendFocusEvent(api, assignmentId, current.id, event).then(
        // An answer without an assignment (never from our API) changes nothing shown.
        (item: Assignment | undefined) => {
          if (item) onItem(item);
        },
        (err: unknown) => console.warn(`Focus Mode could not record "${event}".`, err),
      ),
    );
  });

  const last = useRef<{ status: TimerStatus; resets: number } | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = { status, resets };
    if (before && before.resets !== resets) {
      send('finish');
      if (status === 'running') send('start');
      return;
    }
    if (before?.status === status) return;
    if (status === 'running') {
      send(session.current?.open ? 'resume' : 'start');
    } else if (status === 'paused' && before?.status === 'running') {
      send('pause');
    } else if (status === 'complete') {
      send('finish');
    }
  }, [status, resets]);

  useEffect(() => () => send('finish'), []);
}
