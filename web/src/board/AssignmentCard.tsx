import {
  clockWords,
  dateTimeWords,
  dateWords,
  getUrgency,
  toLocalDate,
  whenWords,
  type Assignment,
} from '@brainboard/domain';
import { lazy, memo, Suspense, type MouseEvent } from 'react';
import { dueTone } from '../ui/dueTone.ts';
import { CardSource } from '../lms/CardSource.tsx';
import { CardTime } from '../whatnow/CardTime.tsx';
import { CheckIcon, EditIcon, TrashIcon } from '../ui/icons.tsx';
import { useWaiting, WAITING_MARK } from '../data/outbox/pending.ts';

// The repeat mark computes next dates with the recurrence library: it loads only when a card on
// the board repeats, so a board without repeating cards never carries it.
const RepeatBadge = lazy(() =>
  import('../recurrence/RepeatBadge.tsx').then((m) => ({ default: m.RepeatBadge })),
);

export interface CardActions {
  onOpen(id: string): void;
  onDelete(id: string): void;
}

/**
 * The due badge (docs/product.md, Screens): the urgency text and the due time; red tint when
 * overdue, white
 * within 10 days, otherwise transparent. A finished card keeps its due date without the alarm.
 */
function DueBadge({ assignment, now }: { assignment: Assignment; now: Date }) {
  const due = assignment.due_date;
  const urgency = getUrgency(due, now);
  const d = toLocalDate(due);
  const full = d ? dateTimeWords(d, now) : null;
  if (assignment.status === 'done') {
    return full ? <span className="due-badge due-badge--none">Due {full}</span> : null;
  }
  // Beside "Due Today" and "Due Tomorrow" the time alone; otherwise the app's date words
  // ("last Fri 8:00 AM", "Fri 8:00 AM", "Dec 2, 9:00 AM").
  const dayNamed = urgency.text !== null && (urgency.days === 0 || urgency.days === 1);
  const short = d && urgency.days !== null ? (dayNamed ? clockWords(d) : whenWords(d, now)) : null;
  // Due earlier today: still "Due Today", on the overdue tint and with the time marked as passed.
  const tone = dueTone(due, urgency, now);
  const passed = urgency.days === 0 && tone === 'overdue';
  return (
    <span
      className={`due-badge due-badge--${tone}`}
      data-urgency={urgency.level}
      title={full ? `Due ${full}` : undefined}
    >
      {urgency.text && <span className="due-badge__text">{urgency.text}</span>}
      {short && (
        <span className="due-badge__when">
          {urgency.text ? short : `Due ${short}`}
          {passed && ', passed'}
        </span>
      )}
    </span>
  );
}

/** completed_date ('YYYY-MM-DD' or an ISO timestamp) as "Nov 21"; the raw text otherwise. */
function completedWords(completed: string, now: Date): string {
  const d = toLocalDate(completed) ?? new Date(completed);
  return Number.isNaN(d.getTime()) ? completed : dateWords(d, now);
}

/** A quiet mark while changes to this card wait on this device for the connection. */
function WaitingMark({ id }: { id: string }) {
  return useWaiting(id) ? <p className="card__waiting">{WAITING_MARK}</p> : null;
}

interface CardBodyProps extends CardActions {
  assignment: Assignment;
  /** Changes when any badge would read differently (a deadline passing, midnight). */
  badgeKey: string;
  /** In the drag overlay: no actions to click. */
  preview?: boolean;
}

/** The contents of a card; memoised, so a drag re-renders only what moves. */
export const CardBody = memo(function CardBody({
  assignment: a,
  badgeKey: _badgeKey,
  onOpen,
  onDelete,
  preview = false,
}: CardBodyProps) {
  const now = new Date();
  const done = a.subtasks.filter((s) => s.completed).length;
  const stop = (e: MouseEvent) => e.stopPropagation();
  return (
    <>
      <h3 className="card__title" dir="auto">
        {a.title}
      </h3>
      <CardSource assignment={a} now={now} />
      {a.description && (
        <p className="card__description" dir="auto">
          {a.description}
        </p>
      )}
      {a.status === 'done' && a.completed_date && (
        <p className="card__completed">Completed: {completedWords(a.completed_date, now)}</p>
      )}
      <CardTime assignment={a} now={now} />
      <WaitingMark id={a.id} />
      <div className="card__footer">
        <div className="card__meta">
          <DueBadge assignment={a} now={now} />
          {a.repeat && (
            <Suspense fallback={null}>
              <RepeatBadge assignment={a} now={now} />
            </Suspense>
          )}
          {a.subtasks.length > 0 && (
            <span className="card__subtasks">
              <CheckIcon />
              <span>
                {done}/{a.subtasks.length}
                <span className="visually-hidden"> subtasks done</span>
              </span>
            </span>
          )}
        </div>
        {!preview && (
          <div className="card__actions" onClick={stop}>
            <button
              type="button"
              className="card__action"
              aria-label={`Edit ${a.title}`}
              title="Edit"
              onClick={() => onOpen(a.id)}
            >
              <EditIcon />
            </button>
            <button
              type="button"
              className="card__action card__action--danger"
              aria-label={`Delete ${a.title}`}
              title="Delete"
              onClick={() => onDelete(a.id)}
            >
              <TrashIcon />
            </button>
          </div>
        )}
      </div>
    </>
  );
});
