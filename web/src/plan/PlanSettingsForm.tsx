import {
  DEFAULT_PLAN_SETTINGS,
  STUDY_WINDOWS_PER_DAY_MAX,
  type PlanSettings,
  type Weekday,
} from '@brainboard/domain';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { callEndpoint } from '../data/api/call.ts';
import { isApiError } from '../data/api/client.ts';
import { api } from '../data/api.ts';
import { useSession } from '../session/sessionContext.ts';

const DAY_NAMES: Record<Weekday, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};
const ORDER = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/**
 * The student's settings as the form starts from them: each field the profile holds (the server
 * checked it when it was saved), the default for the rest. Read without zod, so the Plan chunk
 * does not load the server's schemas.
 */
function settingsShown(user: Partial<PlanSettings> | null | undefined): PlanSettings {
  const out: PlanSettings = { ...DEFAULT_PLAN_SETTINGS };
  for (const key of Object.keys(DEFAULT_PLAN_SETTINGS) as (keyof PlanSettings)[]) {
    const value = user?.[key];
    if (value !== undefined) Object.assign(out, { [key]: value });
  }
  return out;
}

/** A day's ranges as the form shows them: "24:00" (the end of the day) is 23:59 in a time field. */
type Range = [string, string];
const shownRange = ([from, to]: readonly [string, string]): Range => [
  from,
  to === '24:00' ? '23:59' : to,
];
const sameRanges = (a: readonly Range[], b: readonly Range[]) =>
  a.length === b.length && a.every((r, i) => r[0] === b[i]?.[0] && r[1] === b[i]?.[1]);

/**
 * The plan's settings: study hours per weekday (up to four ranges a day, as the API takes),
 * daily limit, session length, buffer and default estimate. Saved with PATCH /api/user/{id},
 * with only what the student changed here (another device's change to the rest stays), whose
 * answer is merged into the session's profile; the next "Plan again" uses them. A day left as it
 * was is sent as stored, so an end of "24:00" is not turned into 23:59.
 */
export function PlanSettingsForm({ onSaved }: { onSaved(): void }) {
  const { user, mergeUser } = useSession();
  const [start] = useState(() => settingsShown(user));
  const [opened] = useState(
    () =>
      Object.fromEntries(ORDER.map((d) => [d, start.study_hours[d].map(shownRange)])) as Record<
        Weekday,
        Range[]
      >,
  );
  const [hours, setHours] = useState(opened);
  const [numbers, setNumbers] = useState({
    session_minutes: String(start.session_minutes),
    daily_limit_minutes: String(start.daily_limit_minutes),
    buffer_hours: String(start.buffer_hours),
    default_estimate_minutes: String(start.default_estimate_minutes),
  });
  const setDay = (d: Weekday, ranges: Range[]) => setHours({ ...hours, [d]: ranges });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    const changes: Partial<
      Omit<PlanSettings, 'study_hours'> & { study_hours: Record<Weekday, Range[]> }
    > = {};
    if (ORDER.some((d) => !sameRanges(hours[d], opened[d]))) {
      changes.study_hours = Object.fromEntries(
        ORDER.map((d) => [
          d,
          sameRanges(hours[d], opened[d])
            ? start.study_hours[d].map(([from, to]): Range => [from, to])
            : hours[d].filter(([from, to]) => from && to),
        ]),
      ) as Record<Weekday, Range[]>;
    }
    for (const key of Object.keys(numbers) as (keyof typeof numbers)[]) {
      if (numbers[key] !== String(start[key])) changes[key] = Number(numbers[key]);
    }
    if (Object.keys(changes).length === 0) {
      onSaved();
      return;
    }
    try {
      const answer = await callEndpoint(api, 'PATCH /api/user/:id', { id: user.id }, changes);
      mergeUser(answer?.updated ?? changes);
      toast.success('Plan settings saved.');
      onSaved();
    } catch (err) {
      toast.error(isApiError(err) && err.message ? err.message : 'The settings were not saved.');
    }
  };

  const number = (key: keyof typeof numbers, label: string, min: number, max: number) => (
    <label className="plan-settings__field">
      {label}
      <input
        type="number"
        min={min}
        max={max}
        value={numbers[key]}
        onChange={(e) => setNumbers({ ...numbers, [key]: e.target.value })}
      />
    </label>
  );

  return (
    <form className="plan-settings" onSubmit={(e) => void save(e)}>
      <fieldset>
        <legend>Study hours</legend>
        {ORDER.map((d) => (
          <div key={d} className="plan-settings__day">
            <span>{DAY_NAMES[d]}</span>
            {hours[d].length === 0 && <span>No study time</span>}
            {hours[d].map(([from, to], i) => {
              const which = hours[d].length > 1 ? ` (${i + 1})` : '';
              const put = (range: Range) =>
                setDay(
                  d,
                  hours[d].map((r, j) => (j === i ? range : r)),
                );
              return (
                <span key={i} className="plan-settings__range">
                  <input
                    type="time"
                    aria-label={`${DAY_NAMES[d]} from${which}`}
                    value={from}
                    onChange={(e) => put([e.target.value, to])}
                  />
                  <input
                    type="time"
                    aria-label={`${DAY_NAMES[d]} to${which}`}
                    value={to}
                    onChange={(e) => put([from, e.target.value])}
                  />
                  <button
                    type="button"
                    className="button button--quiet"
                    aria-label={`Remove ${DAY_NAMES[d]} ${from} to ${to}`}
                    onClick={() =>
                      setDay(
                        d,
                        hours[d].filter((_, j) => j !== i),
                      )
                    }
                  >
                    Remove
                  </button>
                </span>
              );
            })}
            {hours[d].length < STUDY_WINDOWS_PER_DAY_MAX && (
              <button
                type="button"
                className="button button--quiet"
                aria-label={`Add a time on ${DAY_NAMES[d]}`}
                onClick={() => setDay(d, [...hours[d], ['16:00', '18:00']])}
              >
                Add a time
              </button>
            )}
          </div>
        ))}
      </fieldset>
      {number('session_minutes', 'Session length (minutes)', 25, 90)}
      {number('daily_limit_minutes', 'Daily limit (minutes)', 25, 720)}
      {number('buffer_hours', 'Finish before the due time (hours)', 0, 72)}
      {number('default_estimate_minutes', 'Work without estimates (minutes)', 5, 600)}
      <button type="submit" className="button button--primary">
        Save plan settings
      </button>
    </form>
  );
}
