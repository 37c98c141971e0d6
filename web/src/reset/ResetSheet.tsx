import {
  dueReason,
  overdueOf,
  resetChange,
  skipLabel,
  type Assignment,
  type ResetChoice,
} from '@brainboard/domain';
import { useId, useState } from 'react';
import { errorDetail } from '../data/api/client.ts';
import { updateAssignment } from '../data/assignmentsApi.ts';
import { DateField } from '../assignment/DateField.tsx';
import { api } from '../data/api.ts';
import { skipToNext } from '../recurrence/recurrenceApi.ts';
import { skipTarget } from '../recurrence/skipTarget.ts';
import { Modal } from '../ui/Modal.tsx';

export interface ResetOverdueProps {
  assignments: readonly Assignment[];
  /** Puts the saved assignment on the board. */
  onSaved(item: Assignment): void;
  trackWrite<T>(write: Promise<T>): Promise<T>;
  /** The time to judge by; now unless a test fixes it. */
  now?: Date;
}

const CHOICES: {
  value: Exclude<ResetChoice, 'date'>;
  label: string;
  both: string;
  all: string;
}[] = [
  { value: 'tonight', label: 'Tonight', both: 'Both to tonight', all: 'All to tonight' },
  { value: 'tomorrow', label: 'Tomorrow', both: 'Both to tomorrow', all: 'All to tomorrow' },
  {
    value: 'weekend',
    label: 'This weekend',
    both: 'Both to this weekend',
    all: 'All to this weekend',
  },
  { value: 'none', label: 'No due date', both: 'Drop both due dates', all: 'Drop all due dates' },
  { value: 'done', label: 'Mark done', both: 'Mark both done', all: 'Mark all done' },
];

/**
 * The sheet of "A fresh start" (ResetOverdue.tsx), loaded when the student opens it: each
 * overdue card moved to tonight, tomorrow, this weekend or a date, its due date dropped or marked
 * done, or all of them at once ("Both", "All 3"); a repeating card can skip to its rule's next
 * date. Each card gets one field-level write, so nothing else about it changes. It stays open
 * after the last card moved on, to say "All set".
 */
export default function ResetSheet({
  assignments,
  onSaved,
  trackWrite,
  now,
  onClose,
}: ResetOverdueProps & { onClose(): void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [allDate, setAllDate] = useState('');
  const at = now ?? new Date();
  const overdue = overdueOf(assignments, at);
  const both = overdue.length === 2;

  async function reset(cards: readonly Assignment[], choice: ResetChoice | 'skip', date?: string) {
    setBusy(true);
    setProblem(null);
    const when = new Date();
    const results = await Promise.allSettled(
      cards.map((a) =>
        trackWrite(
          choice === 'skip'
            ? skipToNext(api, a, skipTarget(a, when) ?? a.due_date)
            : updateAssignment(api, a.id, resetChange(choice, a.due_date, when, date)),
        ),
      ),
    );
    for (const r of results) if (r.status === 'fulfilled') onSaved(r.value);
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) {
      setProblem(
        `Some cards could not be moved just now (${errorDetail(failed.reason)}). They are still here, so you can try again.`,
      );
    }
    setBusy(false);
  }

  const close = onClose;

  return (
    <>
      <Modal
        open
        onClose={close}
        title="A fresh start"
        description={
          overdue.length === 1
            ? 'Pick a new time for this card.'
            : 'Pick a new time for each card, or for all of them at once.'
        }
        className="reset-sheet"
      >
        {overdue.length === 0 ? (
          <div className="reset-sheet__done">
            <p>All set. Everything has a time that still lies ahead.</p>
            <button type="button" className="button" onClick={close}>
              Close
            </button>
          </div>
        ) : overdue.length === 1 ? (
          <ResetCard assignment={overdue[0]!} alone now={at} busy={busy} onReset={reset} />
        ) : (
          <>
            <section aria-labelledby={`${id}-all`} className="reset-sheet__all">
              <h3 id={`${id}-all`} className="reset-sheet__heading">
                {both ? 'Both' : `All ${overdue.length}`}
              </h3>
              <div className="reset-sheet__choices">
                {CHOICES.map((c) => (
                  <button
                    key={c.value}
                    type="button"
                    className={c.value === 'tomorrow' ? 'button' : 'button button--quiet'}
                    disabled={busy}
                    onClick={() => void reset(overdue, c.value)}
                  >
                    {both ? c.both : c.all}
                  </button>
                ))}
              </div>
              <div className="reset-sheet__date">
                <label htmlFor={`${id}-all-date`}>
                  {both ? 'Or a date for both' : 'Or a date for all'}
                </label>
                <DateField
                  id={`${id}-all-date`}
                  value={allDate}
                  onChange={setAllDate}
                  clearLabel="Clear the date"
                />
                <button
                  type="button"
                  className="button button--quiet"
                  disabled={busy || !allDate}
                  onClick={() => void reset(overdue, 'date', allDate)}
                >
                  {both ? 'Move both' : 'Move all'}
                </button>
              </div>
            </section>
            <ul className="reset-sheet__cards" aria-label="Cards to reset">
              {overdue.map((a) => (
                <ResetCard key={a.id} assignment={a} now={at} busy={busy} onReset={reset} />
              ))}
            </ul>
          </>
        )}
        {problem && (
          <p role="alert" className="reset-sheet__problem">
            {problem}
          </p>
        )}
      </Modal>
    </>
  );
}

/** One card's choices: an item of the sheet's list, or the whole sheet when it is `alone`. */
function ResetCard({
  assignment: a,
  alone = false,
  now,
  busy,
  onReset,
}: {
  assignment: Assignment;
  alone?: boolean;
  now: Date;
  busy: boolean;
  onReset(cards: readonly Assignment[], choice: ResetChoice | 'skip', date?: string): Promise<void>;
}) {
  const id = useId();
  const [date, setDate] = useState('');
  const skipTo = a.repeat && a.series_id ? skipTarget(a, now) : null;
  const Item = alone ? 'div' : 'li';
  return (
    <Item className={alone ? 'reset-card reset-card--alone' : 'reset-card'}>
      <p className="reset-card__title">{a.title}</p>
      <p className="reset-card__when">{dueReason(a.due_date, now)}</p>
      <div className="reset-sheet__choices">
        {CHOICES.map((c) => (
          <button
            key={c.value}
            type="button"
            className="button button--quiet button--small"
            aria-label={`${c.label}: ${a.title}`}
            disabled={busy}
            onClick={() => void onReset([a], c.value)}
          >
            {c.label}
          </button>
        ))}
        {skipTo && a.repeat && (
          <button
            type="button"
            className="button button--quiet button--small"
            aria-label={`${skipLabel(a.repeat.rrule, skipTo, now)}: ${a.title}`}
            disabled={busy}
            onClick={() => void onReset([a], 'skip')}
          >
            {skipLabel(a.repeat.rrule, skipTo, now)}
          </button>
        )}
      </div>
      <div className="reset-sheet__date">
        <label htmlFor={`${id}-date`}>A date</label>
        <DateField id={`${id}-date`} value={date} onChange={setDate} clearLabel="Clear the date" />
        <button
          type="button"
          className="button button--quiet button--small"
          aria-label={`Move ${a.title} to this date`}
          disabled={busy || !date}
          onClick={() => void onReset([a], 'date', date)}
        >
          Move
        </button>
      </div>
    </Item>
  );
}
