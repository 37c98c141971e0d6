import { useId } from 'react';
import { DateField } from './DateField.tsx';
import { WEEKDAYS, type RepeatForm } from '../recurrence/repeatForm.ts';

/** "Repeats": never, every week on chosen weekdays, every N days, or monthly on a day. */
export function RepeatField({
  value,
  onChange,
}: {
  value: RepeatForm;
  onChange(next: RepeatForm): void;
}) {
  const id = useId();
  const set = <K extends keyof RepeatForm>(key: K, v: RepeatForm[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <fieldset className="field repeat-field">
      <label className="field__label" htmlFor={`${id}-kind`}>
        Repeats
      </label>
      <select
        id={`${id}-kind`}
        className="input"
        value={value.kind}
        onChange={(e) => set('kind', e.target.value as RepeatForm['kind'])}
      >
        <option value="never">Never</option>
        <option value="weekly">Every week</option>
        <option value="daily">Every N days</option>
        <option value="monthly">Every month</option>
      </select>
      {value.kind === 'weekly' && (
        <div className="repeat-field__days" role="group" aria-label="On these days">
          {WEEKDAYS.map((d) => (
            <label key={d.code} className="check">
              <input
                type="checkbox"
                checked={value.days.includes(d.code)}
                disabled={value.days.length === 1 && value.days.includes(d.code)}
                onChange={(e) =>
                  set(
                    'days',
                    WEEKDAYS.map((w) => w.code).filter((c) =>
                      c === d.code ? e.target.checked : value.days.includes(c),
                    ),
                  )
                }
              />
              <span>{d.label}</span>
            </label>
          ))}
        </div>
      )}
      {value.kind === 'daily' && (
        <label className="repeat-field__inline">
          <span>Every</span>
          <input
            type="number"
            className="input"
            min={1}
            max={365}
            value={value.every}
            onChange={(e) => set('every', Math.min(365, Math.max(1, Number(e.target.value) || 1)))}
          />
          <span>days</span>
        </label>
      )}
      {value.kind === 'monthly' && (
        <label className="repeat-field__inline">
          <span>On day</span>
          <input
            type="number"
            className="input"
            min={1}
            max={31}
            value={value.monthDay}
            onChange={(e) =>
              set('monthDay', Math.min(31, Math.max(1, Number(e.target.value) || 1)))
            }
          />
        </label>
      )}
      {value.kind !== 'never' && (
        <div className="repeat-field__inline">
          <label htmlFor={`${id}-until`}>Ends on (optional)</label>
          <DateField
            id={`${id}-until`}
            value={value.until}
            onChange={(date) => set('until', date)}
            clearLabel="Clear the end date"
            className="repeat-field__until"
          />
        </div>
      )}
    </fieldset>
  );
}
