import {
  DEFAULT_DUE_HOUR,
  DEFAULT_DUE_MINUTE,
  onAmPmChange,
  onDateSelected,
  onHourChange,
  onMinuteChange,
  to12Hour,
  toLocalDate,
  type AmPm,
  type DueForm,
} from '@brainboard/domain';
import { useId } from 'react';
import { DateField } from './DateField.tsx';

/** The time selector's choices: hours 1 to 12, minutes "00" to "59" in one-minute steps. */
const DUE_HOUR_OPTIONS: readonly number[] = Array.from({ length: 12 }, (_, i) => i + 1);
const DUE_MINUTE_OPTIONS: readonly string[] = Array.from({ length: 60 }, (_, i) =>
  String(i).padStart(2, '0'),
);

/**
 * The due date and time: the date (DateField: shown yyyy-MM-dd, typed in ISO or the locale's
 * order, "Date input not valid." for text it cannot read), then hour 1-12, minute 00-59 and
 * AM/PM. Every conversion goes through the domain rules (onHourChange, onMinuteChange,
 * onAmPmChange, onDateSelected); the time is rebuilt into due_date only when a date exists.
 */
export function DueDateTimeSelector<F extends DueForm>({
  value,
  onChange,
  onValidityChange,
  revealError = false,
}: {
  value: F;
  onChange(next: F): void;
  /** False while the date field holds text that is not a date (saving must wait). */
  onValidityChange?(valid: boolean): void;
  /** Show a pending "Date input not valid." now (after a blocked save), not only on leaving the field. */
  revealError?: boolean;
}) {
  const id = useId();
  const datePart = value.due_date ? (value.due_date.split('T')[0] ?? '') : '';
  const hour12 = to12Hour(value.due_hour || DEFAULT_DUE_HOUR);
  const minute = value.due_minute || DEFAULT_DUE_MINUTE;

  return (
    <fieldset className="due">
      <legend className="field__label">Due date</legend>
      <div className="due__row">
        <div className="due__date">
          <label className="visually-hidden" htmlFor={`${id}-date`}>
            Date (yyyy-mm-dd)
          </label>
          <DateField
            id={`${id}-date`}
            value={datePart}
            onChange={(date) => onChange(onDateSelected(value, date ? toLocalDate(date) : null))}
            clearLabel="Clear the due date"
            onValidityChange={onValidityChange}
            revealError={revealError}
          />
        </div>
        <div className="due__time">
          <div className="due__part">
            <select
              className="input"
              aria-label="Hour"
              value={hour12}
              onChange={(e) => onChange(onHourChange(value, e.target.value))}
            >
              {DUE_HOUR_OPTIONS.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </select>
          </div>
          <span className="due__colon" aria-hidden="true">
            :
          </span>
          <div className="due__part">
            <select
              className="input"
              aria-label="Minute"
              value={minute}
              onChange={(e) => onChange(onMinuteChange(value, e.target.value))}
            >
              {DUE_MINUTE_OPTIONS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
          <div className="due__part">
            <select
              className="input"
              aria-label="AM or PM"
              value={value.due_ampm}
              onChange={(e) => onChange(onAmPmChange(value, e.target.value as AmPm))}
            >
              <option value="AM">AM</option>
              <option value="PM">PM</option>
            </select>
          </div>
        </div>
      </div>
    </fieldset>
  );
}
