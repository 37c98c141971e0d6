import { describe, expect, it } from 'vitest';
import {
  FOCUS_DATE_FORMAT_ERROR,
  FOCUS_DATE_RANGE_ERROR,
  focusDateError,
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
