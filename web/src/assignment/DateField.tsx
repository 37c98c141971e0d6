import {
  DATE_INPUT_NOT_VALID,
  formatDateOnly,
  isValidPickerDate,
  toLocalDate,
} from '@brainboard/domain';
import { useEffect, useMemo, useState, type ComponentProps, type Ref } from 'react';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import './dateField.css';
import { localeDateOrder, parseTypedDate } from './typedDate.ts';

/** The one date format of every date field the app owns (docs/product.md, How dates read). */
const DATE_FORMAT = 'yyyy-MM-dd';
/** What an empty field asks for. */
const DATE_PLACEHOLDER = 'yyyy-mm-dd';

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

export interface DateFieldProps {
  /** The input's id, so the caller's <label htmlFor> names it. */
  id: string;
  /** The date as yyyy-MM-dd, or '' for none. */
  value: string;
  /** A readable date as yyyy-MM-dd, or '' once the field is cleared. */
  onChange(date: string): void;
  /** What the clear button says, e.g. "Clear the due date". */
  clearLabel: string;
  /** False while the field holds text that is not a date (saving must wait). */
  onValidityChange?(valid: boolean): void;
  /** Show a pending "Date input not valid." now (after a blocked save), not only on leaving the field. */
  revealError?: boolean;
  className?: string;
}

/**
 * A date, entered the same way in every picker the app owns (the due date, a repeat's end, the
 * reset sheet's dates): shown yyyy-MM-dd with a calendar whose year dropdown spans 1900 to 2100,
 * and typed as the student writes it, in ISO or the browser locale's own order, with or without
 * leading zeros. Text that cannot be read stays in the field with "Date input not valid." and
 * reports itself (onValidityChange) until it is fixed; dates before 1800 count as unreadable.
 */
export function DateField({
  id,
  value,
  onChange,
  clearLabel,
  onValidityChange,
  revealError = false,
  className = '',
}: DateFieldProps) {
  const order = useMemo(() => localeDateOrder(), []);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const selected = value ? toLocalDate(value) : null;
  const errorId = `${id}-error`;

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
    onChange(date ? formatDateOnly(date) : '');
  };

  /** Every keystroke: a readable date (or an empty field) is taken at once and clears the error. */
  const onTyped = (text: string) => {
    setTyped(text);
    if (text.trim() === '') {
      setError(null);
      setUnreadable(false);
      if (value) onChange('');
      return;
    }
    const iso = parseTypedDate(text, order);
    if (iso === null) {
      setUnreadable(true);
      return;
    }
    setError(null);
    setUnreadable(false);
    if (iso !== value) onChange(iso);
  };

  const checkTyped = () => {
    if (unreadable) setError(DATE_INPUT_NOT_VALID);
    else setTyped(null);
  };

  return (
    <div className={`date-field ${className}`.trim()}>
      <DatePicker
        id={id}
        selected={selected}
        onChange={choose}
        dateFormat={DATE_FORMAT}
        placeholderText={DATE_PLACEHOLDER}
        strictParsing
        showYearDropdown
        dropdownMode="select"
        isClearable
        clearButtonTitle={clearLabel}
        ariaLabelClose={clearLabel}
        autoComplete="off"
        className="input text-field date-field__input"
        ariaInvalid={shownError ? 'true' : 'false'}
        ariaDescribedBy={shownError ? errorId : undefined}
        customInput={<DateText shown={typed ?? value} />}
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
      {shownError && (
        <p id={errorId} className="field__error" role="alert">
          {shownError}
        </p>
      )}
    </div>
  );
}
