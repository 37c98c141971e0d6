import {
  DATE_INPUT_NOT_VALID,
  formatDateOnly,
  isValidPickerDate,
  toLocalDate,
} from '@brainboard/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
// The calendar's styles come with the field (not its lazy chunk): the plain field shown until
// the calendar loads wears the same classes, so nothing moves when it arrives.
import 'react-datepicker/dist/react-datepicker.css';
import './dateField.css';
import { loadDatePicker, loadedDatePicker } from './datePickerLoader.ts';
import { localeDateOrder, parseTypedDate } from './typedDate.ts';

/** What an empty field asks for. */
const DATE_PLACEHOLDER = 'yyyy-mm-dd';

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
 *
 * The calendar (react-datepicker) is a chunk of its own that the field loads when it first
 * shows (datePickerLoader.ts). Until it arrives the field is a plain text field that reads typed
 * dates the same way; if it had the focus, the calendar's field takes it over, caret and all.
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
  const [Picker, setPicker] = useState(loadedDatePicker);
  const plain = useRef<HTMLInputElement>(null);
  /** The caret of the plain field when the calendar arrived while it had the focus. */
  const handOver = useRef<[number | null, number | null] | null>(null);

  useEffect(() => {
    if (Picker) return;
    let live = true;
    loadDatePicker().then(
      (loaded) => {
        if (!live) return;
        const field = plain.current;
        if (field && document.activeElement === field) {
          handOver.current = [field.selectionStart, field.selectionEnd];
        }
        setPicker(() => loaded);
      },
      // Typed dates work without the calendar; it is tried again when a field next shows.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [Picker]);

  // The calendar's field replaces the plain one: give it the focus the plain one had (a focus
  // opens the calendar, as it does when the student moves into the field).
  useEffect(() => {
    const caret = handOver.current;
    if (!Picker || !caret) return;
    handOver.current = null;
    const field = document.getElementById(id);
    if (field instanceof HTMLInputElement) {
      field.focus();
      field.setSelectionRange(caret[0], caret[1]);
    }
  }, [Picker, id]);

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

  const shown = typed ?? value;
  return (
    <div className={`date-field ${className}`.trim()}>
      {Picker ? (
        <Picker
          id={id}
          selected={selected}
          shown={shown}
          placeholder={DATE_PLACEHOLDER}
          clearLabel={clearLabel}
          errorId={shownError ? errorId : undefined}
          onChoose={choose}
          onTyped={onTyped}
          onBlur={checkTyped}
          onInputError={() => setError(DATE_INPUT_NOT_VALID)}
          onCalendarOpen={() => setCalendarOpen(true)}
          onCalendarClose={() => setCalendarOpen(false)}
        />
      ) : (
        // The calendar's markup without the calendar: the same field and clear button.
        <div className="react-datepicker-wrapper">
          <div className="react-datepicker__input-container">
            <input
              ref={plain}
              id={id}
              type="text"
              value={shown}
              placeholder={DATE_PLACEHOLDER}
              autoComplete="off"
              className="input text-field date-field__input"
              aria-invalid={shownError ? 'true' : 'false'}
              aria-describedby={shownError ? errorId : undefined}
              onChange={(e) => onTyped(e.target.value)}
              onBlur={checkTyped}
            />
            {selected && (
              <button
                type="button"
                className="react-datepicker__close-icon"
                aria-label={clearLabel}
                title={clearLabel}
                tabIndex={-1}
                onClick={() => choose(null)}
              />
            )}
          </div>
        </div>
      )}
      {shownError && (
        <p id={errorId} className="field__error" role="alert">
          {shownError}
        </p>
      )}
    </div>
  );
}
