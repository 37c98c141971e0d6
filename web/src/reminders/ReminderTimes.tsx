import { REMINDER_CHOICES, REMINDERS_MAX_COUNT } from '@brainboard/domain';

export interface ReminderTimesProps {
  /** Minutes before the due time. */
  value: readonly number[];
  onChange(next: number[]): void;
  legend: string;
  disabled?: boolean;
}

/** Up to five reminder times, from "At the due time" to "7 days before". */
export function ReminderTimes({ value, onChange, legend, disabled }: ReminderTimesProps) {
  const full = value.length >= REMINDERS_MAX_COUNT;
  return (
    <fieldset className="reminders__times" disabled={disabled}>
      <legend>{legend}</legend>
      <div className="reminders__choices">
        {REMINDER_CHOICES.map((choice) => {
          const checked = value.includes(choice.minutes);
          return (
            <label key={choice.minutes} className="check">
              <input
                type="checkbox"
                checked={checked}
                disabled={!checked && full}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...value, choice.minutes].sort((a, b) => b - a)
                      : value.filter((m) => m !== choice.minutes),
                  )
                }
              />
              <span>{choice.label}</span>
            </label>
          );
        })}
      </div>
      <p className="reminders__hint">Up to {REMINDERS_MAX_COUNT} reminders.</p>
    </fieldset>
  );
}
