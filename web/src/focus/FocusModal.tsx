import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { api } from '../data/api.ts';
import { Modal } from '../ui/Modal.tsx';
import { silentFeedback, type FocusFeedback } from './feedback.ts';
import { pickSurprise, type Celebration } from './celebration.ts';
import { FocusCelebration, FocusSnackbar } from './FocusCelebration.tsx';
import { completeFocusSession, localDate } from './focusApi.ts';
import { FocusPause } from './FocusPause.tsx';
import { FocusTaskView } from './FocusTaskView.tsx';
import { useFocusTask } from './useFocusTask.ts';
import { useReducedMotion } from '../ui/reducedMotion.ts';
import './focus.css';

export interface FocusModalProps {
  open: boolean;
  onClose(): void;
  userId: string;
  /** A chosen assignment; the next due task when null. */
  assignmentId?: string | null;
  /** Reports whether the gate is locked (the header button shows "Locked"). */
  onGateChange?(locked: boolean): void;
  feedback?: FocusFeedback;
  /** The last streak known (profile), shown if the server cannot be reached. */
  knownStreak?: number;
  onStreak?(streak: number): void;
  /** Tasks whose completion animation played in this session (kept by the provider). */
  celebrated?: Set<string>;
}

/** Focus Mode: full screen, Tab trapped, Escape/overlay/close button. */
export function FocusModal(props: FocusModalProps) {
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title="Focus Mode"
      fullScreen
      className="focus-modal"
      closeLabel="Close Focus Mode"
    >
      {props.open && <FocusSession {...props} />}
    </Modal>
  );
}

function FocusSession({
  userId,
  assignmentId = null,
  onClose,
  onGateChange,
  feedback = silentFeedback,
  knownStreak = 0,
  onStreak,
  celebrated: celebratedProp,
}: FocusModalProps) {
  const reducedMotion = useReducedMotion();
  const { load, retry, next, toggle, markDone, addStep } = useFocusTask({
    userId,
    assignmentId,
    feedback,
  });
  const [ownCelebrated] = useState(() => new Set<string>());
  const celebrated = celebratedProp ?? ownCelebrated;
  const [celebration, setCelebration] = useState<Celebration | null>(null);
  const celebrationSeq = useRef(0);

  const reportGate = useEffectEvent((locked: boolean) => onGateChange?.(locked));
  useEffect(() => {
    if (load.kind !== 'task') reportGate(false);
  }, [load.kind]);

  const onFocusComplete = () => {
    feedback.cue('taskComplete');
    const id = ++celebrationSeq.current;
    setCelebration({ id, surprise: pickSurprise(), streak: null });
    completeFocusSession(api, localDate())
      .then(
        (streak) => {
          onStreak?.(streak);
          return streak;
        },
        (err: unknown) => {
          console.warn('The focus streak could not be saved.', err);
          return Math.max(1, knownStreak);
        },
      )
      .then((streak) => setCelebration((c) => (c && c.id === id ? { ...c, streak } : c)));
  };

  return (
    <div className="focus-session">
      {load.kind === 'loading' && (
        <div className="focus-state" role="status">
          <span className="focus-state__spinner" aria-hidden="true" />
          <p>Loading your next task...</p>
        </div>
      )}
      {load.kind === 'error' && (
        <div className="focus-state" role="alert">
          <h3 className="focus-state__title">Unable to Load Task</h3>
          <p>{load.message}</p>
          <div className="focus-state__actions">
            <button type="button" className="button" onClick={retry}>
              Try Again
            </button>
            <button type="button" className="button button--quiet" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
      {load.kind === 'empty' && (
        <div className="focus-state">
          <h3 className="focus-state__title">Great Job!</h3>
          <p>You have no pending tasks to focus on.</p>
          <div className="focus-state__actions">
            <button type="button" className="button" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      )}
      {load.kind === 'pause' && <FocusPause onBreak={onClose} onNext={next} />}
      {load.kind === 'task' && (
        <FocusTaskView
          key={load.task.id}
          task={load.task}
          notice={load.notice}
          userId={userId}
          feedback={feedback}
          reducedMotion={reducedMotion}
          celebrated={celebrated}
          onToggle={toggle}
          onNext={next}
          onMarkDone={markDone}
          onAddStep={addStep}
          onGateChange={(locked) => onGateChange?.(locked)}
          onFocusComplete={onFocusComplete}
        />
      )}
      {celebration && (
        <FocusCelebration
          key={celebration.id}
          celebration={celebration}
          reducedMotion={reducedMotion}
        />
      )}
      <div className="focus-snackbar-region" role="status">
        {celebration?.streak != null && (
          <FocusSnackbar key={celebration.id} streak={celebration.streak} />
        )}
      </div>
    </div>
  );
}
