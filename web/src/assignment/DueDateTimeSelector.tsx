import {
  DATE_INPUT_NOT_VALID,
  DATE_PICKER_MIN_YEAR,
  DEFAULT_DUE_HOUR,
  DEFAULT_DUE_MINUTE,
  DUE_HOUR_OPTIONS,
  DUE_MINUTE_OPTIONS,
  MODAL_DATE_FORMAT,
  isDateOnly,
  isValidPickerDate,
  onAmPmChange,
  onDateSelected,
  onHourChange,
  onMinuteChange,
  to12Hour,
  toLocalDate,
  type AmPm,
  type DueForm,
} from '@brainboard/domain';
import { useEffect, useId, useState } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';

const MIN_DATE = new Date(DATE_PICKER_MIN_YEAR, 0, 1);

/** True for typed text the picker accepts: a real yyyy-MM-dd in 1800 or later. */
function acceptableTyped(text: string): boolean {
  return isDateOnly(text) && isValidPickerDate(toLocalDate(text));
}

/**
 * SPEC §2, §4 due date and time: the date (shown yyyy-MM-dd), then hour 1-12, minute 00-59
 * and AM/PM. Every conversion goes through the domain rules (onHourChange, onMinuteChange,
 * onAmPmChange, onDateSelected); the time is rebuilt into due_date only when a date exists.
 * Unparseable input and dates before 1800 show "Date input not valid." (SPEC §5).
 */
export function DueDateTimeSelector<F extends DueForm>({
  value,
  onChange,
}: {
  value: F;
  onChange(next: F): void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const datePart = value.due_date ? (value.due_date.split('T')[0] ?? '') : '';
  const selected = datePart ? toLocalDate(datePart) : null;
  const hour12 = to12Hour(value.due_hour || DEFAULT_DUE_HOUR);
  const minute = value.due_minute || DEFAULT_DUE_MINUTE;
  const errorId = `${id}-error`;
  const [calendarOpen, setCalendarOpen] = useState(false);

  // Escape in the open calendar closes the calendar only, not the dialog around it: the
  // dialog listens on the document in the capture phase, so mark the key as handled first.
  useEffect(() => {
    if (!calendarOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [calendarOpen]);

  const choose = (date: Date | null) => {
    if (date !== null && !isValidPickerDate(date)) {
      setError(DATE_INPUT_NOT_VALID);
      return;
    }
    setError(null);
    setTyped(null);
    onChange(onDateSelected(value, date));
  };

  const checkTyped = () => {
    if (typed === null) return;
    const text = typed.trim();
    if (text !== '' && !acceptableTyped(text)) setError(DATE_INPUT_NOT_VALID);
    setTyped(null);
  };

  return (
    <fieldset className="due">
      <legend className="field__label">Due date</legend>
      <div className="due__row">
        <div className="due__date">
          <label className="visually-hidden" htmlFor={`${id}-date`}>
            Date (yyyy-mm-dd)
          </label>
          <DatePicker
            id={`${id}-date`}
            selected={selected}
            onChange={choose}
            dateFormat={MODAL_DATE_FORMAT}
            placeholderText="yyyy-mm-dd"
            strictParsing
            minDate={MIN_DATE}
            isClearable
            clearButtonTitle="Clear the due date"
            ariaLabelClose="Clear the due date"
            autoComplete="off"
            className="input due__date-input"
            ariaInvalid={error ? 'true' : 'false'}
            ariaDescribedBy={error ? errorId : undefined}
            onChangeRaw={(event) => {
              const target = event?.target;
              if (target instanceof HTMLInputElement) setTyped(target.value);
            }}
            onBlur={checkTyped}
            onInputError={() => setError(DATE_INPUT_NOT_VALID)}
            onCalendarOpen={() => setCalendarOpen(true)}
            onCalendarClose={() => setCalendarOpen(false)}
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
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
