import { describe, expect, it } from 'vitest';
import {
  FOCUS_DATE_FORMAT_ERROR,
  FOCUS_DATE_RANGE_ERROR,
  focusDateError,
  nextStreak,
  previousDay,
} from './streak.ts';

describe('previousDay', () => {
  it('steps back one calendar day across months, years and leap days', () => {
    expect(previousDay('2026-11-21')).toBe('2026-11-20');
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2024-03-01')).toBe('2024-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });
});

describe('focusDateError', () => {
  const now = new Date('2026-11-21T10:00:00Z');

  it('accepts the UTC date and the days either side (every time zone)', () => {
    for (const date of ['2026-11-20', '2026-11-21', '2026-11-22']) {
      expect(focusDateError(date, now)).toBeNull();
    }
  });

  it('refuses anything that is not a real YYYY-MM-DD', () => {
    for (const date of [
      undefined,
      null,
      20261121,
      '',
      '2026-11-21T08:00:00',
      '21/11/2026',
      '2026-02-30',
    ]) {
      expect(focusDateError(date, now)).toBe(FOCUS_DATE_FORMAT_ERROR);
    }
  });

  it('refuses dates further than one day from today', () => {
    expect(focusDateError('2026-11-19', now)).toBe(FOCUS_DATE_RANGE_ERROR);
    expect(focusDateError('2026-11-23', now)).toBe(FOCUS_DATE_RANGE_ERROR);
    expect(focusDateError('2020-01-01', now)).toBe(FOCUS_DATE_RANGE_ERROR);
  });
});

describe('nextStreak (one rest day a week)', () => {
  it('adds one to yesterday and carries its rest day forward', () => {
    expect(nextStreak('2026-11-21', { streak: 4 }, null)).toEqual({ streak: 5 });
    expect(nextStreak('2026-11-21', { streak: 4, rest_day: '2026-11-18' }, null)).toEqual({
      streak: 5,
      rest_day: '2026-11-18',
    });
  });

  it('forgives a single missed day: the streak goes on from the day before', () => {
    expect(nextStreak('2026-11-21', null, { streak: 6 })).toEqual({
      streak: 7,
      rest_day: '2026-11-20',
    });
  });

  it('allows one rest day per week, and never two missed days in a row', () => {
    // Last rest on the 14th: the 20th is only six days later, so the streak starts again.
    expect(nextStreak('2026-11-21', null, { streak: 6, rest_day: '2026-11-14' })).toEqual({
      streak: 1,
    });
    // Seven days after the last rest day, another is allowed.
    expect(nextStreak('2026-11-21', null, { streak: 6, rest_day: '2026-11-13' })).toEqual({
      streak: 7,
      rest_day: '2026-11-20',
    });
    expect(nextStreak('2026-11-21', null, null)).toEqual({ streak: 1 });
  });
});
