import { DEFAULT_REMINDER_MINUTES } from '@brainboard/domain';
import { useId } from 'react';
import { ReminderTimes } from './ReminderTimes.tsx';
import './reminders.css';

export interface ReminderOverrideProps {
  /** null: the defaults from Settings; []: none; otherwise this assignment's own times. */
  value: number[] | null;
  onChange(next: number[] | null): void;
  hasDueDate: boolean;
}

type Mode = 'defaults' | 'custom' | 'none';

const modeOf = (value: number[] | null): Mode =>
  value === null ? 'defaults' : value.length === 0 ? 'none' : 'custom';

/** The editor's reminder choice for one assignment. */
export function ReminderOverride({ value, onChange, hasDueDate }: ReminderOverrideProps) {
  const name = useId();
  const mode = modeOf(value);
  const pick = (next: Mode) => {
    if (next === 'defaults') onChange(null);
    else if (next === 'none') onChange([]);
    else onChange(value && value.length > 0 ? value : [...DEFAULT_REMINDER_MINUTES]);
  };
  const options: { mode: Mode; label: string }[] = [
    { mode: 'defaults', label: 'My default reminders' },
    { mode: 'custom', label: 'Choose for this assignment' },
    { mode: 'none', label: 'No reminders' },
  ];
  return (
    <fieldset className="reminders" disabled={!hasDueDate}>
      <legend>Reminders</legend>
      {!hasDueDate && <p className="reminders__hint">Add a due date to get reminders.</p>}
      <div className="reminders__choices">
        {options.map((o) => (
          <label key={o.mode} className="check">
            <input
              type="radio"
              name={name}
              checked={mode === o.mode}
              onChange={() => pick(o.mode)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {mode === 'custom' && value && (
        <ReminderTimes
          legend="Remind me"
          value={value}
          onChange={(next) => onChange(next.length > 0 ? next : [])}
        />
      )}
    </fieldset>
  );
}
