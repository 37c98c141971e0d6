import {
  DATE_INPUT_NOT_VALID,
  DEFAULT_DUE_HOUR,
  DEFAULT_DUE_MINUTE,
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
import { useEffect, useId, useMemo, useState, type ComponentProps, type Ref } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { localeDateOrder, parseTypedDate } from './typedDate.ts';

/** The time selector's choices: hours 1 to 12, minutes "00" to "59" in one-minute steps. */
const DUE_HOUR_OPTIONS: readonly number[] = Array.from({ length: 12 }, (_, i) => i + 1);
const DUE_MINUTE_OPTIONS: readonly string[] = Array.from({ length: 60 }, (_, i) =>
  String(i).padStart(2, '0'),
);
/** The date picker's format. */
const MODAL_DATE_FORMAT = 'yyyy-MM-dd';

/**
 * The picker's text field, showing what the student typed (`shown`) rather than the picker's own
 * reformatting, so text that cannot be read stays in view beside its error until it is fixed.
 */
function DateText({
  shown,
  value: _pickerValue,
  ref,
  ...rest
}: ComponentProps<'input'> & { shown: string; ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} {...rest} value={shown} />;
}

/**
 * The due date and time: the date (shown yyyy-MM-dd), then hour 1-12, minute 00-59
 * and AM/PM. Every conversion goes through the domain rules (onHourChange, onMinuteChange,
 * onAmPmChange, onDateSelected); the time is rebuilt into due_date only when a date exists.
 * Unparseable input and dates before 1800 show "Date input not valid." (docs/product.md, Limits).
 * Typed dates are read as the student writes them: the browser locale's order or ISO, with or
 * without leading zeros. Text that cannot be read stays in the field, and the form must wait
 * (onValidityChange) until it is fixed. The calendar's year dropdown spans 1900 to 2100.
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
  const order = useMemo(() => localeDateOrder(), []);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
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

  useEffect(() => onValidityChange?.(!unreadable), [unreadable, onValidityChange]);
  // After a blocked save, text that cannot be read shows its error without leaving the field.
  const shownError = error ?? (revealError && unreadable ? DATE_INPUT_NOT_VALID : null);

  const choose = (date: Date | null) => {
    if (date !== null && !isValidPickerDate(date)) {
      setError(DATE_INPUT_NOT_VALID);
      return;
    }
    setError(null);
    setUnreadable(false);
    setTyped(null);
    onChange(onDateSelected(value, date));
  };

  /** Every keystroke: a readable date (or an empty field) is taken at once and clears the error. */
  const onTyped = (text: string) => {
    setTyped(text);
    if (text.trim() === '') {
      setError(null);
      setUnreadable(false);
      if (value.due_date) onChange(onDateSelected(value, null));
      return;
    }
    const iso = parseTypedDate(text, order);
    if (iso === null) {
      setUnreadable(true);
      return;
    }
    setError(null);
    setUnreadable(false);
    if (iso !== datePart) onChange(onDateSelected(value, toLocalDate(iso)));
  };

  const checkTyped = () => {
    if (unreadable) setError(DATE_INPUT_NOT_VALID);
    else setTyped(null);
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
            showYearDropdown
            dropdownMode="select"
            isClearable
            clearButtonTitle="Clear the due date"
            ariaLabelClose="Clear the due date"
            autoComplete="off"
            className="input due__date-input"
            ariaInvalid={shownError ? 'true' : 'false'}
            ariaDescribedBy={shownError ? errorId : undefined}
            customInput={<DateText shown={typed ?? datePart} />}
            onChangeRaw={(event) => {
              const target = event?.target;
              if (target instanceof HTMLInputElement) {
                onTyped(target.value);
                // The text was read above. A whole yyyy-mm-dd date is also the picker's own format:
                // letting it parse that keeps its keyboard-highlighted day on the typed date (the
                // arrow keys then move from there). Anything else only this field reads.
                if (!/^\d{4}-\d{2}-\d{2}$/.test(target.value.trim())) event?.preventDefault();
              }
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
      {shownError && (
        <p id={errorId} className="field__error" role="alert">
          {shownError}
        </p>
      )}
    </fieldset>
  );
}
