import { pickWhatNow, type Assignment, type WhatNow } from '@brainboard/domain';
import { useContext, useState } from 'react';
import { useAssignmentsStore } from '../data/assignmentsContext.ts';
import { plannedNowFrom } from '../data/planCache.ts';
import { SessionContext } from '../session/sessionContext.ts';
import { useFocusMode } from '../focus/focusContext.ts';
import { Modal } from '../ui/Modal.tsx';

type Pick = { kind: 'pick'; pick: WhatNow; assignment: Assignment } | { kind: 'empty' };
type State = { kind: 'loading' } | { kind: 'error' } | Pick;

/** The pick among `items` at `now`, with the assignment it names. */
function choose(
  items: readonly Assignment[],
  now: Date,
  skip: readonly string[],
  planned: string | null,
): Pick {
  const pick = pickWhatNow(items, now, skip, planned);
  const assignment = pick && items.find((a) => a.id === pick.assignment_id);
  return pick && assignment ? { kind: 'pick', pick, assignment } : { kind: 'empty' };
}

/**
 * The "What now?" dialog, opened at `openedAt`: one assignment, its first unticked subtask and
 * one line saying why, with the shared domain pick GET /api/what-now also uses. Start opens
 * Focus Mode on it; Something else offers the next pick. It reads the board's own copy of the
 * assignments, so a pick always matches the cards on screen.
 */
export function WhatNowDialog({ openedAt, onClose }: { openedAt: Date; onClose(): void }) {
  const focus = useFocusMode();
  const { status, assignments: items } = useAssignmentsStore();
  const [skip, setSkip] = useState<string[]>([]);
  // The work session planned for now comes first (Plan my week, as this browser last saw it).
  const uid = useContext(SessionContext)?.user?.id;
  const [planned] = useState(() => (uid ? plannedNowFrom(uid, openedAt) : null));

  const state: State =
    status === 'loading'
      ? { kind: 'loading' }
      : status === 'error' && items.length === 0
        ? { kind: 'error' }
        : choose(items, openedAt, skip, planned);

  const somethingElse = () => {
    if (state.kind !== 'pick') return;
    setSkip([...skip, state.pick.assignment_id]);
  };

  const start = () => {
    if (state.kind !== 'pick') return;
    onClose();
    focus.open(state.pick.assignment_id);
  };

  const subtask =
    state.kind === 'pick'
      ? state.assignment.subtasks.find((s) => s.id === state.pick.subtask_id)
      : undefined;
  const others = state.kind === 'pick' ? items.filter((a) => a.status !== 'done').length : 0;

  return (
    <Modal open onClose={onClose} title="What now?" minHeight={0} className="what-now">
      <div className="what-now__body" aria-live="polite">
        {state.kind === 'loading' && <p className="what-now__reason">Looking at your board…</p>}
        {state.kind === 'error' && (
          <p role="alert">Your board could not be read just now. Try again in a moment.</p>
        )}
        {state.kind === 'empty' && (
          <p>Nothing is waiting for you. Enjoy the break, or add something new.</p>
        )}
        {state.kind === 'pick' && (
          <>
            <p className="what-now__title">{state.assignment.title}</p>
            {subtask && (
              <p className="what-now__step">
                First step: <strong>{subtask.title}</strong>
              </p>
            )}
            <p className="what-now__reason">{state.pick.reason}</p>
          </>
        )}
      </div>
      <div className="what-now__actions">
        {state.kind === 'pick' && others > 1 && (
          <button type="button" className="button button--quiet" onClick={somethingElse}>
            Something else
          </button>
        )}
        {state.kind === 'pick' ? (
          <button type="button" className="button" onClick={start}>
            Start
          </button>
        ) : (
          <button type="button" className="button button--quiet" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    </Modal>
  );
}
