import { DEFAULT_PLAN_SETTINGS, type PlanSettings, type Weekday } from '@brainboard/domain';
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

/**
 * The plan's settings: study hours per weekday (one range a day here; the API takes up to four),
 * daily limit, session length, buffer and default estimate. Saved with PATCH /api/user/{id},
 * whose answer is merged into the session's profile; the next "Plan again" uses them.
 */
export function PlanSettingsForm({ onSaved }: { onSaved(): void }) {
  const { user, mergeUser } = useSession();
  const start = settingsShown(user);
  const [hours, setHours] = useState(() =>
    Object.fromEntries(ORDER.map((d) => [d, start.study_hours[d][0] ?? ['', '']])),
  );
  const [numbers, setNumbers] = useState({
    session_minutes: String(start.session_minutes),
    daily_limit_minutes: String(start.daily_limit_minutes),
    buffer_hours: String(start.buffer_hours),
    default_estimate_minutes: String(start.default_estimate_minutes),
  });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    const study_hours = Object.fromEntries(
      ORDER.map((d) => {
        const [from, to] = hours[d] ?? ['', ''];
        return [d, from && to ? [[from, to]] : []];
      }),
    ) as Record<Weekday, [string, string][]>;
    const changes = {
      study_hours,
      session_minutes: Number(numbers.session_minutes),
      daily_limit_minutes: Number(numbers.daily_limit_minutes),
      buffer_hours: Number(numbers.buffer_hours),
      default_estimate_minutes: Number(numbers.default_estimate_minutes),
    };
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
            <input
              type="time"
              aria-label={`${DAY_NAMES[d]} from`}
              value={hours[d]?.[0] ?? ''}
              onChange={(e) => setHours({ ...hours, [d]: [e.target.value, hours[d]?.[1] ?? ''] })}
            />
            <input
              type="time"
              aria-label={`${DAY_NAMES[d]} to`}
              value={hours[d]?.[1] ?? ''}
              onChange={(e) => setHours({ ...hours, [d]: [hours[d]?.[0] ?? '', e.target.value] })}
            />
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
