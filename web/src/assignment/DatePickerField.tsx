import { type ComponentProps, type Ref } from 'react';
import DatePicker from 'react-datepicker';

/** The one date format of every date field the app owns (docs/product.md, How dates read). */
const DATE_FORMAT = 'yyyy-MM-dd';

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

export interface DatePickerFieldProps {
  id: string;
  selected: Date | null;
  /** What the field shows: the text being typed, else the date. */
  shown: string;
  placeholder: string;
  clearLabel: string;
  /** The id of the error shown under the field, or undefined when there is none. */
  errorId: string | undefined;
  onChoose(date: Date | null): void;
  onTyped(text: string): void;
  onBlur(): void;
  onInputError(): void;
  onCalendarOpen(): void;
  onCalendarClose(): void;
}

/**
 * DateField's calendar (react-datepicker): its own chunk, which DateField loads when it first
 * shows, so the editor opens without waiting for it and the board never loads it.
 */
export function DatePickerField(p: DatePickerFieldProps) {
  return (
    <DatePicker
      id={p.id}
      selected={p.selected}
      onChange={p.onChoose}
      dateFormat={DATE_FORMAT}
      placeholderText={p.placeholder}
      strictParsing
      showYearDropdown
      dropdownMode="select"
      isClearable
      clearButtonTitle={p.clearLabel}
      ariaLabelClose={p.clearLabel}
      autoComplete="off"
      className="input text-field date-field__input"
      ariaInvalid={p.errorId ? 'true' : 'false'}
      ariaDescribedBy={p.errorId}
      customInput={<DateText shown={p.shown} />}
      onChangeRaw={(event) => {
        const target = event?.target;
        if (target instanceof HTMLInputElement) {
          p.onTyped(target.value);
          // The text was read above. A whole yyyy-mm-dd date is also the picker's own format:
          // letting it parse that keeps its keyboard-highlighted day on the typed date (the
          // arrow keys then move from there). Anything else only DateField reads.
          if (!/^\d{4}-\d{2}-\d{2}$/.test(target.value.trim())) event?.preventDefault();
        }
      }}
      onBlur={p.onBlur}
      onInputError={p.onInputError}
      onCalendarOpen={p.onCalendarOpen}
      onCalendarClose={p.onCalendarClose}
    />
  );
}
