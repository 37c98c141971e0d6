import { useTitleDraft } from '../ui/useTitleDraft.ts';
import {
  FOCUS_GATE_THRESHOLD,
  SUBTASK_CELEBRATION_MS,
  SUBTASK_MAX_LENGTH,
  checklistComplete,
  focusGate,
  overallProgress,
  progressLabel,
  spentText,
  totalEstimateMinutes,
  type Assignment,
} from '@brainboard/domain';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { celebrateDone, originOf } from '../ui/motion.ts';
import { subtaskConfetti } from './confetti.ts';
import { formatDue } from './due.ts';
import type { FocusFeedback } from './feedback.ts';
import { FocusTimerPanel } from './FocusTimerPanel.tsx';
import { isSpaceControl, isTypingTarget } from './platform.ts';
import { api } from '../data/api.ts';
import { useFocusSession } from './useFocusSession.ts';
import { useFocusTimer } from './useFocusTimer.ts';
import { useNow } from './useNow.ts';
import { urgencyLabel } from './urgencyLabel.ts';

export interface FocusTaskViewProps {
  task: Assignment;
  /** The offline text when the task comes from the cache. */
  notice: string | null;
  userId: string;
  feedback: FocusFeedback;
  reducedMotion: boolean;
  /** Tasks whose completion animation already played in this session. */
  celebrated: Set<string>;
  onToggle(subtaskId: string, completed: boolean): Promise<boolean>;
  onNext(): void;
  /** Every subtask ticked: moves the task to Done (a pause follows). */
  onMarkDone(): Promise<boolean>;
  /** Adds a step by its title; resolves true when it was added. */
  onAddStep(title: string): Promise<boolean>;
  onGateChange(locked: boolean): void;
  /** A focus session was completed here: checklist done or the timer reached 80 %. */
  onFocusComplete(): void;
}

/**
 * The task view of Focus Mode (docs/product.md, Screens): one task, its timer, its checklist and
 * the gate to
 * the next task. Render it with `key={task.id}`: a new task starts a new timer session.
 */
export function FocusTaskView(props: FocusTaskViewProps) {
  const { task, notice, userId, feedback, reducedMotion, celebrated } = props;
  const timer = useFocusTimer({
    userId,
    taskId: task.id,
    onComplete: () => feedback.cue('timerComplete'),
  });
  // Minutes focused on this task, as the server last counted them.
  const [focused, setFocused] = useState(task.focus_minutes ?? 0);
  useFocusSession({
    api,
    assignmentId: task.id,
    status: timer.status,
    resets: timer.resets,
    onItem: (item) => setFocused(item.focus_minutes ?? 0),
  });
  const estimate = totalEstimateMinutes(task.subtasks);
  const done = task.subtasks.filter((s) => s.completed).length;
  const total = task.subtasks.length;
  const gate = focusGate({ subtasks: task.subtasks, timerFraction: timer.fraction });
  const progress = overallProgress(timer.fraction, done, total);

  // The header button follows the gate while the modal is open.
  const reportGate = useEffectEvent((locked: boolean) => props.onGateChange(locked));
  useEffect(() => reportGate(!gate.unlocked), [gate.unlocked]);

  // The completion animation: once per task per session, when the checklist gets done or the
  // timer reaches 80 % while the student is here (not for what was already so on arrival).
  const checklistDone = checklistComplete(task.subtasks);
  const timerReached = timer.fraction >= FOCUS_GATE_THRESHOLD;
  const before = useRef<{ checklist: boolean; timer: boolean } | null>(null);
  const complete = useEffectEvent(() => props.onFocusComplete());
  useEffect(() => {
    const prev = before.current;
    before.current = { checklist: checklistDone, timer: timerReached };
    if (!prev) return;
    const rose = (checklistDone && !prev.checklist) || (timerReached && !prev.timer);
    if (rose && !celebrated.has(task.id)) {
      celebrated.add(task.id);
      complete();
    }
  }, [checklistDone, timerReached, celebrated, task.id]);

  // Space pauses or resumes, R resets: not with Ctrl/Cmd, not while typing, and Space keeps
  // its own meaning on a focused button, and on a checkbox a keyboard user tabbed to. A
  // checkbox that took focus from a pointer click leaves Space to the timer.
  const { toggle, reset } = timer;
  useEffect(() => {
    let pointerFocus = false;
    const onPointer = () => {
      pointerFocus = true;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Tab') pointerFocus = false;
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (isTypingTarget(e.target)) return;
      if (e.key === ' ' || e.code === 'Space') {
        const pointerCheckbox =
          pointerFocus && e.target instanceof HTMLInputElement && e.target.type === 'checkbox';
        if (isSpaceControl(e.target) && !pointerCheckbox) return;
        e.preventDefault();
        if (!e.repeat) toggle();
      } else if (e.key === 'r' || e.key === 'R') {
        e.preventDefault();
        if (!e.repeat) reset();
      }
    };
    // The checkbox acts on keyup: hold that back too when Space went to the timer.
    const onKeyUp = (e: KeyboardEvent) => {
      if ((e.key === ' ' || e.code === 'Space') && pointerFocus && !isTypingTarget(e.target)) {
        if (e.target instanceof HTMLInputElement && e.target.type === 'checkbox') {
          e.preventDefault();
        }
      }
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey);
    document.addEventListener('keyup', onKeyUp);
    return () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('keyup', onKeyUp);
    };
  }, [toggle, reset]);

  const [finishing, setFinishing] = useState(false);
  const [addedHere, setAddedHere] = useState(false);
  const canMarkDone = total > 0 && done === total && task.status !== 'done';
  const finish = async (button: HTMLElement) => {
    setFinishing(true);
    const origin = originOf(button);
    if (await props.onMarkDone()) {
      if (!reducedMotion) void celebrateDone(origin);
    } else {
      setFinishing(false);
    }
  };

  // Arriving on a task: reading starts at its title.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    titleRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div className="focus-view">
      {notice && (
        <p className="focus-notice" role="status">
          {notice}
        </p>
      )}
      <header className="focus-view__head">
        <h3 className="focus-view__title" ref={titleRef} tabIndex={-1} dir="auto">
          {task.title}
        </h3>
        <DueLine dueDate={task.due_date} />
        {(focused > 0 || estimate !== null) && (
          <p className="focus-view__spent">Focused: {spentText(focused, estimate)}</p>
        )}
      </header>

      <div className="focus-view__grid">
        <FocusTimerPanel timer={timer} />
        <div className="focus-view__main">
          {task.description.trim() !== '' && (
            <p className="focus-view__description">{task.description}</p>
          )}
          <section className="focus-checklist" aria-labelledby="focus-checklist-title">
            <h4 id="focus-checklist-title" className="focus-section-title">
              Subtasks
            </h4>
            {total > 0 ? (
              <>
                <Bar
                  label="Subtasks completed"
                  value={done}
                  max={total}
                  text={progressLabel(done, total)}
                />
                <ul className="focus-checklist__list">
                  {task.subtasks.map((s) => (
                    <SubtaskItem
                      key={s.id}
                      title={s.title}
                      completed={s.completed}
                      reducedMotion={reducedMotion}
                      onChange={(completed, box) => {
                        if (completed) {
                          feedback.cue('subtaskComplete');
                          if (!reducedMotion) subtaskConfetti(box);
                        }
                        void props.onToggle(s.id, completed);
                      }}
                    />
                  ))}
                </ul>
              </>
            ) : (
              <p className="focus-checklist__empty">No subtasks defined for this assignment.</p>
            )}
            {/* Where there are no steps; kept once used here, to add the next one too. */}
            {(total === 0 || addedHere) && (
              <AddStep
                onAdd={async (title) => {
                  const added = await props.onAddStep(title);
                  if (added) setAddedHere(true);
                  return added;
                }}
              />
            )}
          </section>
        </div>
        <section className="focus-gate" aria-labelledby="focus-gate-title">
          <h4 id="focus-gate-title" className="focus-section-title">
            Next Task Access
          </h4>
          <Bar
            label="Overall progress"
            value={Math.round(progress * 100)}
            max={100}
            text={`${Math.round(progress * 100)}%`}
          />
          <p
            className={`focus-gate__message${gate.unlocked ? ' focus-gate__message--open' : ''}`}
            role="status"
          >
            {gate.unlocked ? gate.reason : gate.lockedMessage}
          </p>
          {canMarkDone && (
            <button
              type="button"
              className="button focus-gate__done"
              disabled={finishing}
              onClick={(e) => void finish(e.currentTarget)}
            >
              Mark as done
            </button>
          )}
          <button
            type="button"
            className={`button${canMarkDone ? ' button--quiet' : ''} focus-gate__next`}
            disabled={!gate.unlocked}
            onClick={props.onNext}
          >
            Next Task
          </button>
        </section>
      </div>
    </div>
  );
}

function DueLine({ dueDate }: { dueDate: string }) {
  const now = useNow(30_000);
  const label = urgencyLabel(dueDate, now);
  const when = formatDue(dueDate, now);
  // The board's due badge classes (board.css, loaded with the dashboard): the same tint there
  // and here.
  return (
    <p className="focus-due">
      {label.text && (
        <span
          className={`due-badge due-badge--${label.tone} focus-due__badge`}
          data-urgency={label.level}
        >
          {label.text}
        </span>
      )}
      {when && (
        <span className="focus-due__date">
          Due <time dateTime={dueDate}>{when}</time>
        </span>
      )}
    </p>
  );
}

/** "Add a step": a title and a button, as the editor's new-subtask field (same length limit). */
function AddStep({ onAdd }: { onAdd(title: string): Promise<boolean> }) {
  const { draft, setDraft, saving, add } = useTitleDraft(onAdd);
  const id = useId();
  return (
    <form
      className="focus-add-step"
      onSubmit={(e) => {
        e.preventDefault();
        if (!saving) void add();
      }}
    >
      <label className="focus-add-step__label" htmlFor={id}>
        Add a step
      </label>
      <div className="focus-add-step__row">
        <input
          id={id}
          className="text-field focus-add-step__field"
          value={draft}
          maxLength={SUBTASK_MAX_LENGTH}
          autoComplete="off"
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button--quiet" disabled={saving}>
          Add step
        </button>
      </div>
    </form>
  );
}

function Bar({
  label,
  value,
  max,
  text,
}: {
  label: string;
  value: number;
  max: number;
  text: string;
}) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return (
    <div className="focus-bar">
      <div
        className="focus-bar__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={text}
      >
        <div className="focus-bar__fill" style={{ width: `${share * 100}%` }} />
      </div>
      <span className="focus-bar__text">{text}</span>
    </div>
  );
}

function SubtaskItem({
  title,
  completed,
  reducedMotion,
  onChange,
}: {
  title: string;
  completed: boolean;
  reducedMotion: boolean;
  onChange(completed: boolean, box: HTMLInputElement): void;
}) {
  const [cheer, setCheer] = useState(0);
  useEffect(() => {
    if (!cheer) return;
    const id = setTimeout(() => setCheer(0), SUBTASK_CELEBRATION_MS);
    return () => clearTimeout(id);
  }, [cheer]);
  return (
    <li
      className={`focus-subtask${completed ? ' focus-subtask--done' : ''}${cheer && !reducedMotion ? ' focus-subtask--cheer' : ''}`}
    >
      <label className="check focus-subtask__label">
        <input
          type="checkbox"
          checked={completed}
          onChange={(e) => {
            if (e.currentTarget.checked) setCheer(Date.now());
            onChange(e.currentTarget.checked, e.currentTarget);
          }}
        />
        <span>{title}</span>
      </label>
    </li>
  );
}
