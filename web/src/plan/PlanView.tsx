import {
  dayWords,
  formatMinutes,
  wallClockIn,
  type PlanCalendarUse,
  type PlanSessionAnswer,
} from '@brainboard/domain';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { isApiError } from '../data/api/client.ts';
import { useAssignmentsStore } from '../data/assignmentsContext.ts';
import { rememberPlan } from '../data/planCache.ts';
import { SessionContext } from '../session/sessionContext.ts';
import { useFocusMode } from '../focus/focusContext.ts';
import { Modal } from '../ui/Modal.tsx';
import { addPlanToCalendar, previewPlan, readPlan, savePlan } from './planApi.ts';
import { PlanDayList } from './PlanDayList.tsx';
import { PlanSettingsForm } from './PlanSettingsForm.tsx';
import './plan.css';

const DAYS = 14;

interface Draft {
  sessions: PlanSessionAnswer[];
  version: number;
  /** Not saved yet: a proposal, or changes since the last save. */
  changed: boolean;
  unplanned: { assignment_id: string; minutes_short: number }[];
  calendar: PlanCalendarUse | null;
}

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
  const uid = useContext(SessionContext)?.user?.id;
  /** The saved plan, for "What now?" on this device. */
  const remember = useCallback(
    (sessions: readonly PlanSessionAnswer[]) => {
      if (uid) rememberPlan(uid, sessions);
    },
    [uid],
  );
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
        remember(plan.sessions);
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
  }, [planAgain, remember]);

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

  const accept = async () => {
    if (!draft) return;
    try {
      const saved = await savePlan(draft.sessions, draft.version);
      remember(saved.sessions);
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
      remember(saved.sessions);
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
        <PlanDayList
          days={days}
          sessions={draft.sessions}
          today={today}
          now={now}
          titleOf={titleOf}
          onStart={(id) => focus.open(id)}
          onChange={change}
          onSay={setAnnounce}
        />
      )}
    </Modal>
  );
}
