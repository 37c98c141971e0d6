import { describe, expect, it } from 'vitest';
import {
  buildDueDate,
  DATE_INPUT_NOT_VALID,
  dueFormFields,
  formatDateOnly,
  isDateOnly,
  isRealCalendarDate,
  isValidDueDate,
  isValidPickerDate,
  migrateDateOnly,
  onAmPmChange,
  onDateSelected,
  onHourChange,
  onMinuteChange,
  parseDueDate,
  to12Hour,
  to24Hour,
  toLocalDate,
  type DueForm,
} from './dueDate.ts';

const form = (over: Partial<DueForm> = {}): DueForm => ({
  due_date: '2025-03-10T08:00:00',
  due_hour: '08',
  due_minute: '00',
  due_ampm: 'AM',
  ...over,
});

describe('to24Hour', () => {
  it('turns 12 AM into 00', () => {
    expect(to24Hour(12, 'AM')).toBe('00');
  });
  it('keeps AM hours 1-11, two-digit', () => {
    expect(to24Hour(1, 'AM')).toBe('01');
    expect(to24Hour(8, 'AM')).toBe('08');
    expect(to24Hour(11, 'AM')).toBe('11');
  });
  it('keeps 12 PM as 12', () => {
    expect(to24Hour(12, 'PM')).toBe('12');
  });
  it('adds 12 to PM hours other than 12', () => {
    expect(to24Hour(1, 'PM')).toBe('13');
    expect(to24Hour(11, 'PM')).toBe('23');
  });
  it('accepts select values as strings', () => {
    expect(to24Hour('3', 'PM')).toBe('15');
  });
  it('refuses hours outside 1-12', () => {
    expect(() => to24Hour(0, 'AM')).toThrow(RangeError);
    expect(() => to24Hour(13, 'PM')).toThrow(RangeError);
    expect(() => to24Hour(1.5, 'PM')).toThrow(RangeError);
  });
  it('round-trips with to12Hour for every hour of the day', () => {
    for (let h = 0; h < 24; h++) {
      expect(to24Hour(to12Hour(h), h < 12 ? 'AM' : 'PM')).toBe(String(h).padStart(2, '0'));
    }
  });
});

describe('buildDueDate', () => {
  it('joins date, hour and minute with :00 seconds', () => {
    expect(buildDueDate('2025-03-10', '14', '05')).toBe('2025-03-10T14:05:00');
  });
  it('pads numbers to two digits', () => {
    expect(buildDueDate('2025-03-10', 7, 5)).toBe('2025-03-10T07:05:00');
  });
});

describe('parseDueDate', () => {
  it('reads date, 24-hour time, 12-hour time and AM/PM', () => {
    expect(parseDueDate('2025-03-10T14:30:00')).toEqual({
      date: '2025-03-10',
      hour24: '14',
      minute: '30',
      hour12: 2,
      ampm: 'PM',
    });
  });
  it('applies AM below hour 12 and PM from 12', () => {
    expect(parseDueDate('2025-03-10T00:15:00')).toMatchObject({ hour12: 12, ampm: 'AM' });
    expect(parseDueDate('2025-03-10T11:59:00')).toMatchObject({ hour12: 11, ampm: 'AM' });
    expect(parseDueDate('2025-03-10T12:00:00')).toMatchObject({ hour12: 12, ampm: 'PM' });
    expect(parseDueDate('2025-03-10T23:00:00')).toMatchObject({ hour12: 11, ampm: 'PM' });
  });
  it('gives a date without a T part the default 08:00 AM', () => {
    expect(parseDueDate('2025-03-10')).toEqual({
      date: '2025-03-10',
      hour24: '08',
      minute: '00',
      hour12: 8,
      ampm: 'AM',
    });
  });
  it('falls back to the defaults when the hour is not 0-23', () => {
    expect(parseDueDate('2025-03-10T24:30:00')).toMatchObject({ hour24: '08', minute: '00' });
  });
  it('falls back to the defaults when the minute is not 0-59', () => {
    expect(parseDueDate('2025-03-10T10:60:00')).toMatchObject({ hour24: '08', minute: '00' });
  });
  it('falls back to the defaults for an unreadable time part', () => {
    expect(parseDueDate('2025-03-10Tnoon')).toMatchObject({ hour24: '08', ampm: 'AM' });
  });
  it('answers an empty date for empty, missing or invalid values', () => {
    expect(parseDueDate('')).toMatchObject({ date: '', hour24: '08', minute: '00' });
    expect(parseDueDate(null)).toMatchObject({ date: '' });
    expect(parseDueDate(undefined)).toMatchObject({ date: '' });
    expect(parseDueDate('2025-02-30T10:00:00')).toMatchObject({ date: '', hour24: '10' });
  });
});

describe('dueFormFields', () => {
  it('fills the form from a stored value', () => {
    expect(dueFormFields('2025-03-10T21:45:00')).toEqual({
      due_date: '2025-03-10T21:45:00',
      due_hour: '21',
      due_minute: '45',
      due_ampm: 'PM',
    });
  });
  it('gives a date-only value the default time', () => {
    expect(dueFormFields('2025-03-10').due_date).toBe('2025-03-10T08:00:00');
  });
  it('gives no due date the defaults and an empty due_date', () => {
    expect(dueFormFields('')).toEqual({
      due_date: '',
      due_hour: '08',
      due_minute: '00',
      due_ampm: 'AM',
    });
  });
});

describe('due time selector handlers', () => {
  it('hour change converts to 24-hour and rebuilds due_date from the date part', () => {
    const next = onHourChange(form({ due_ampm: 'PM', due_hour: '13' }), 3);
    expect(next.due_hour).toBe('15');
    expect(next.due_date).toBe('2025-03-10T15:00:00');
  });
  it('hour 12 with AM stores 00', () => {
    expect(onHourChange(form(), 12)).toMatchObject({
      due_hour: '00',
      due_date: '2025-03-10T00:00:00',
    });
  });
  it('minute change stores due_minute and rebuilds due_date', () => {
    const next = onMinuteChange(form(), '45');
    expect(next).toMatchObject({ due_minute: '45', due_date: '2025-03-10T08:45:00' });
    expect(onMinuteChange(form(), 5).due_minute).toBe('05');
  });
  it('AM/PM change converts the current hour and stores hour, ampm and date', () => {
    const pm = onAmPmChange(form({ due_hour: '09' }), 'PM');
    expect(pm).toMatchObject({ due_hour: '21', due_ampm: 'PM', due_date: '2025-03-10T21:00:00' });
    const am = onAmPmChange(form({ due_hour: '12', due_ampm: 'PM' }), 'AM');
    expect(am).toMatchObject({ due_hour: '00', due_ampm: 'AM', due_date: '2025-03-10T00:00:00' });
    const noon = onAmPmChange(form({ due_hour: '00' }), 'PM');
    expect(noon.due_hour).toBe('12');
  });
  it('rebuilds a legacy date-only due_date into the full form', () => {
    expect(onMinuteChange(form({ due_date: '2025-03-10' }), '30').due_date).toBe(
      '2025-03-10T08:30:00',
    );
  });
  it('rebuilds the time only when a due_date exists', () => {
    const empty = form({ due_date: '' });
    expect(onHourChange(empty, 5)).toEqual({ ...empty, due_hour: '05' });
    expect(onMinuteChange(empty, '10')).toEqual({ ...empty, due_minute: '10' });
    expect(onAmPmChange(empty, 'PM')).toEqual({ ...empty, due_hour: '20', due_ampm: 'PM' });
  });
  it('choosing a date joins its local YYYY-MM-DD to the current hour and minute', () => {
    const next = onDateSelected(
      form({ due_date: '', due_hour: '17', due_minute: '20' }),
      new Date(2025, 11, 31, 23, 59),
    );
    expect(next.due_date).toBe('2025-12-31T17:20:00');
  });
  it('choosing a date uses the local day, not the UTC one', () => {
    const lateEvening = new Date(2025, 0, 1, 23, 30);
    const earlyMorning = new Date(2025, 0, 1, 0, 30);
    expect(onDateSelected(form(), lateEvening).due_date.slice(0, 10)).toBe('2025-01-01');
    expect(onDateSelected(form(), earlyMorning).due_date.slice(0, 10)).toBe('2025-01-01');
  });
  it('choosing a date on a form without a time uses 08:00', () => {
    const next = onDateSelected(form({ due_hour: '', due_minute: '' }), new Date(2025, 4, 6));
    expect(next).toMatchObject({
      due_date: '2025-05-06T08:00:00',
      due_hour: '08',
      due_minute: '00',
    });
  });
  it('clearing the date sets due_date to an empty string', () => {
    expect(onDateSelected(form(), null)).toEqual({ ...form(), due_date: '' });
  });
  it('keeps the other form fields', () => {
    const full = { ...form(), title: 'Essay', saveToCalendar: true };
    expect(onHourChange(full, 9)).toMatchObject({ title: 'Essay', saveToCalendar: true });
    expect(onDateSelected(full, null).title).toBe('Essay');
  });
  it('does not mutate the given form', () => {
    const f = form();
    onHourChange(f, 9);
    onMinuteChange(f, '30');
    onAmPmChange(f, 'PM');
    onDateSelected(f, null);
    expect(f).toEqual(form());
  });
});

describe('isDateOnly', () => {
  it('accepts a real yyyy-MM-dd', () => {
    expect(isDateOnly('2025-03-10')).toBe(true);
    expect(isDateOnly('2024-02-29')).toBe(true);
  });
  it('refuses values with a T part', () => {
    expect(isDateOnly('2025-03-10T08:00:00')).toBe(false);
    expect(isDateOnly('2025-03-10T')).toBe(false);
  });
  it('refuses other shapes and impossible dates', () => {
    for (const s of [
      '',
      '2025-3-10',
      '10/03/2025',
      '2025-13-01',
      '2025-02-29',
      '2025-04-31',
      ' 2025-03-10',
    ]) {
      expect(isDateOnly(s)).toBe(false);
    }
  });
  it('knows leap years', () => {
    expect(isRealCalendarDate(2000, 2, 29)).toBe(true);
    expect(isRealCalendarDate(1900, 2, 29)).toBe(false);
    expect(isRealCalendarDate(2023, 2, 29)).toBe(false);
  });
});

describe('migrateDateOnly', () => {
  it('appends T08:00:00 to a date-only value', () => {
    expect(migrateDateOnly('2025-03-10')).toBe('2025-03-10T08:00:00');
  });
  it('leaves other values unchanged', () => {
    expect(migrateDateOnly('2025-03-10T17:00:00')).toBe('2025-03-10T17:00:00');
    expect(migrateDateOnly('')).toBe('');
  });
});

describe('isValidDueDate (storage forms)', () => {
  it('accepts empty, date-only and full values', () => {
    for (const s of ['', '2025-03-10', '2025-03-10T00:00:00', '2025-03-10T23:59:00']) {
      expect(isValidDueDate(s)).toBe(true);
    }
  });
  it('refuses bad times, seconds, zones and impossible dates', () => {
    for (const s of [
      '2025-03-10T24:00:00',
      '2025-03-10T10:60:00',
      '2025-03-10T10:00:30',
      '2025-03-10T10:00',
      '2025-03-10T10:00:00Z',
      '2025-02-30T10:00:00',
      'tomorrow',
    ]) {
      expect(isValidDueDate(s)).toBe(false);
    }
  });
});

describe('toLocalDate', () => {
  it('reads a date-only value as local midnight of that day', () => {
    expect(toLocalDate('2025-03-10')).toEqual(new Date(2025, 2, 10));
  });
  it('reads a full value as local time', () => {
    expect(toLocalDate('2025-03-10T14:30:00')).toEqual(new Date(2025, 2, 10, 14, 30));
  });
  it('honours an explicit zone', () => {
    expect(toLocalDate('2025-03-10T14:30:00Z')?.getTime()).toBe(Date.UTC(2025, 2, 10, 14, 30));
  });
  it('answers null for empty or unparseable values', () => {
    for (const s of ['', null, undefined, 'soon', '2025-02-30', '2025-03-10T25:00:00']) {
      expect(toLocalDate(s)).toBeNull();
    }
  });
  it('formats back to the same day', () => {
    expect(formatDateOnly(toLocalDate('2025-12-31T23:59:00') as Date)).toBe('2025-12-31');
  });
});

describe('date picker', () => {
  it('has the exact message', () => {
    expect(DATE_INPUT_NOT_VALID).toBe('Date input not valid.');
  });
  it('refuses dates before year 1800', () => {
    const d = new Date(2000, 0, 1);
    d.setFullYear(1799, 11, 31);
    expect(isValidPickerDate(d)).toBe(false);
    const first = new Date(2000, 0, 1);
    first.setFullYear(1800, 0, 1);
    expect(isValidPickerDate(first)).toBe(true);
  });
  it('refuses invalid and missing dates', () => {
    expect(isValidPickerDate(new Date(Number.NaN))).toBe(false);
    expect(isValidPickerDate(null)).toBe(false);
    expect(isValidPickerDate(undefined)).toBe(false);
  });
  it('accepts ordinary dates', () => {
    expect(isValidPickerDate(new Date(2025, 5, 1))).toBe(true);
  });
});
