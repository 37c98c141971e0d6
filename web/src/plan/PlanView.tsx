import {
  dayWords,
  formatMinutes,
  wallClockIn,
  whenWords,
  type PlanCalendarUse,
  type PlanSessionAnswer,
} from '@brainboard/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { isApiError } from '../data/api/client.ts';
import { useAssignmentsStore } from '../data/assignmentsContext.ts';
import { useFocusMode } from '../focus/focusContext.ts';
import { Modal } from '../ui/Modal.tsx';
import { addPlanToCalendar, previewPlan, readPlan, savePlan } from './planApi.ts';
import { PlanSettingsForm } from './PlanSettingsForm.tsx';
import './plan.css';

const DAYS = 14;
const DAY_MS = 24 * 3600_000;
const STEP_MINUTES = 15;

interface Draft {
  sessions: PlanSessionAnswer[];
  version: number;
  /** Not saved yet: a proposal, or changes since the last save. */
  changed: boolean;
  unplanned: { assignment_id: string; minutes_short: number }[];
  calendar: PlanCalendarUse | null;
}

const minutesOf = (s: PlanSessionAnswer) => (Date.parse(s.end) - Date.parse(s.start)) / 60_000;
const iso = (t: number) => new Date(t).toISOString();
const localDay = (t: number) =>
  wallClockIn(t, Intl.DateTimeFormat().resolvedOptions().timeZone).slice(0, 10);

/** Words for an error the API answered, or a calm fallback. */
const errorText = (err: unknown) =>
  isApiError(err) && err.message ? err.message : 'The plan could not be reached. Please try again.';

/**
 * Plan my week: this week and next, day by day, with the proposed or saved work sessions, what
 * does not fit, and the buttons to move, resize, remove, plan again, accept and add to Google
 * Calendar. Its own lazy chunk (docs/product.md, Plan my week).
 */
export function PlanView({ onClose }: { onClose(): void }) {
  const { assignments } = useAssignmentsStore();
  const focus = useFocusMode();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [moved, setMoved] = useState<{ count: number; previous: PlanSessionAnswer[] } | null>(null);
  const [announce, setAnnounce] = useState('');
  const [showSettings, setShowSettings] = useState(false);
  const titles = useMemo(() => new Map(assignments.map((a) => [a.id, a.title])), [assignments]);
  const titleOf = useCallback((id: string) => titles.get(id) ?? 'Assignment', [titles]);

  const planAgain = useCallback(async (version: number) => {
    const preview = await previewPlan(localDay(Date.now()), DAYS);
    setDraft({ ...preview, version, changed: true });
  }, []);

  useEffect(() => {
    let live = true;
    readPlan()
      .then(async (plan) => {
        if (!live) return;
        if (plan.moved && plan.previous) setMoved({ count: plan.moved, previous: plan.previous });
        if (plan.sessions.length === 0) return planAgain(plan.version);
        setDraft({
          sessions: plan.sessions,
          version: plan.version,
          changed: false,
          unplanned: [],
          calendar: null,
        });
      })
      .catch((err: unknown) => toast.error(errorText(err)));
    return () => {
      live = false;
    };
  }, [planAgain]);

  const change = (
    id: string,
    f: (s: PlanSessionAnswer) => PlanSessionAnswer | null,
    said: string,
  ) => {
    setDraft(
      (d) =>
        d && {
          ...d,
          changed: true,
          sessions: d.sessions.flatMap((s) => {
            if (s.id !== id) return [s];
            const next = f(s);
            return next ? [{ ...next, by_hand: true }] : [];
          }),
        },
    );
    setAnnounce(said);
  };
  const shift = (s: PlanSessionAnswer, ms: number) => ({
    ...s,
    start: iso(Date.parse(s.start) + ms),
    end: iso(Date.parse(s.end) + ms),
  });

  const accept = async () => {
    if (!draft) return;
    try {
      const saved = await savePlan(draft.sessions, draft.version);
      setDraft({ ...draft, ...saved, changed: false });
      setAnnounce('Plan saved.');
      toast.success('Plan saved.');
    } catch (err) {
      toast.error(errorText(err));
    }
  };
  const undoMove = async () => {
    if (!moved || !draft) return;
    try {
      const saved = await savePlan(moved.previous, draft.version);
      setDraft({ ...draft, ...saved, changed: false });
      setMoved(null);
    } catch (err) {
      toast.error(errorText(err));
    }
  };
  const toCalendar = async () => {
    try {
      const { events } = await addPlanToCalendar();
      toast.success(`Added ${events} ${events === 1 ? 'session' : 'sessions'} to Google Calendar.`);
    } catch (err) {
      toast.error(errorText(err));
    }
  };

  const now = new Date();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const days = Array.from(
    { length: DAYS },
    (_, i) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + i),
  );
  const sessionsOn = (day: Date) =>
    (draft?.sessions ?? []).filter((s) => new Date(s.start).toDateString() === day.toDateString());

  return (
    <Modal open onClose={onClose} title="Plan my week" className="plan" resizable={false}>
      <div className="plan__bar">
        <button
          type="button"
          className="button"
          onClick={() => void planAgain(draft?.version ?? 0)}
        >
          Plan again
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void accept()}
          disabled={!draft?.changed}
        >
          Accept
        </button>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void toCalendar()}
          disabled={!draft || draft.changed}
        >
          Add to Google Calendar
        </button>
        <button
          type="button"
          className="button button--quiet"
          aria-expanded={showSettings}
          onClick={() => setShowSettings((v) => !v)}
        >
          Plan settings
        </button>
      </div>
      {showSettings && (
        <PlanSettingsForm
          onSaved={() => {
            setShowSettings(false);
            void planAgain(draft?.version ?? 0);
          }}
        />
      )}
      <p className="plan__live" aria-live="polite" role="status">
        {announce}
      </p>
      {moved && (
        <p className="plan__moved" role="status">
          Moved {moved.count} {moved.count === 1 ? 'session' : 'sessions'} to fit.{' '}
          <button type="button" className="button button--quiet" onClick={() => void undoMove()}>
            Undo
          </button>
        </p>
      )}
      {draft?.calendar === 'study_hours_only' && (
        <p className="plan__note">
          Your Google Calendar is not connected, so this plan uses your study hours only.
        </p>
      )}
      {draft?.unplanned.map((u) => {
        const a = assignments.find((x) => x.id === u.assignment_id);
        const due = a?.due_date ? dayWords(new Date(a.due_date), now) : 'its due date';
        return (
          <p key={u.assignment_id} className="plan__short">
            {titleOf(u.assignment_id)} needs {formatMinutes(u.minutes_short)} more than the free
            time before {due}.
          </p>
        );
      })}
      {!draft && <p className="plan__note">Planning your week…</p>}
      {draft && (
        <ol className="plan__days">
          {days.map((day) => {
            const list = sessionsOn(day);
            return (
              <li key={day.toDateString()} className="plan__day">
                <h3 className="plan__day-name">{dayWords(day, today)}</h3>
                {list.length === 0 ? (
                  <p className="plan__free">Free</p>
                ) : (
                  <ul className="plan__sessions">
                    {list.map((s) => {
                      const words = `${titleOf(s.assignment_id)} · ${formatMinutes(minutesOf(s))} · ${whenWords(new Date(s.start), now)}`;
                      return (
                        <li key={s.id} className="plan__session" data-session-id={s.id}>
                          <span className="plan__session-text">{words}</span>
                          <span className="plan__session-actions">
                            <button
                              type="button"
                              className="button"
                              onClick={() => focus.open(s.assignment_id)}
                            >
                              Start
                            </button>
                            <button
                              type="button"
                              className="button button--quiet"
                              aria-label={`Earlier: ${words}, a day earlier`}
                              onClick={() =>
                                change(
                                  s.id,
                                  (x) => shift(x, -DAY_MS),
                                  `Moved ${titleOf(s.assignment_id)} a day earlier.`,
                                )
                              }
                            >
                              Earlier
                            </button>
                            <button
                              type="button"
                              className="button button--quiet"
                              aria-label={`Later: ${words}, a day later`}
                              onClick={() =>
                                change(
                                  s.id,
                                  (x) => shift(x, DAY_MS),
                                  `Moved ${titleOf(s.assignment_id)} a day later.`,
                                )
                              }
                            >
                              Later
                            </button>
                            <button
                              type="button"
                              className="button button--quiet"
                              aria-label={`Shorter: ${words}`}
                              disabled={minutesOf(s) - STEP_MINUTES < 25}
                              onClick={() =>
                                change(
                                  s.id,
                                  (x) => ({
                                    ...x,
                                    end: iso(Date.parse(x.end) - STEP_MINUTES * 60_000),
                                  }),
                                  'Session shorter.',
                                )
                              }
                            >
                              Shorter
                            </button>
                            <button
                              type="button"
                              className="button button--quiet"
                              aria-label={`Longer: ${words}`}
                              disabled={minutesOf(s) + STEP_MINUTES > 90}
                              onClick={() =>
                                change(
                                  s.id,
                                  (x) => ({
                                    ...x,
                                    end: iso(Date.parse(x.end) + STEP_MINUTES * 60_000),
                                  }),
                                  'Session longer.',
                                )
                              }
                            >
                              Longer
                            </button>
                            <button
                              type="button"
                              className="button button--quiet"
                              aria-label={`Remove: ${words}`}
                              onClick={() =>
                                change(
                                  s.id,
                                  () => null,
                                  `Removed ${titleOf(s.assignment_id)} session.`,
                                )
                              }
                            >
                              Remove
                            </button>
                          </span>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Modal>
  );
}
