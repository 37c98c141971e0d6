import { describe, expect, it } from 'vitest';
import {
  clockWords,
  dateTimeWords,
  dateWords,
  dayWords,
  fullDateWords,
  fullDayWords,
  hourWords,
  whenWords,
} from './dateWords.ts';
import { toLocalDate } from './dueDate.ts';
import { wallClockIn } from './timeZone.ts';

/** Wednesday 25 November 2026, 10:30 AM on the wall clock. */
const NOW = new Date(2026, 10, 25, 10, 30);
const at = (due: string) => toLocalDate(due)!;
const en = (due: string, now = NOW) => whenWords(at(due), now, 'en-US');

describe('whenWords', () => {
  it('names today, tomorrow and yesterday', () => {
    expect(en('2026-11-25T09:00:00')).toBe('today 9:00 AM');
    expect(en('2026-11-26T09:00:00')).toBe('tomorrow 9:00 AM');
    expect(en('2026-11-24T21:15:00')).toBe('yesterday 9:15 PM');
  });

  it('says "last Fri" for a Friday that has passed, and the bare weekday ahead', () => {
    expect(en('2026-11-20T08:00:00')).toBe('last Fri 8:00 AM');
    expect(en('2026-11-19T08:00:00')).toBe('last Thu 8:00 AM');
    expect(en('2026-11-27T08:00:00')).toBe('Fri 8:00 AM');
    expect(en('2026-12-01T17:00:00')).toBe('Tue 5:00 PM');
  });

  it('gives the month name from a week away on, so "Wed" never means a week off', () => {
    expect(en('2026-12-02T09:00:00')).toBe('Dec 2, 9:00 AM');
    expect(en('2026-11-18T09:00:00')).toBe('Nov 18, 9:00 AM');
    expect(en('2026-10-01T12:00:00')).toBe('Oct 1, 12:00 PM');
  });

  it('writes the year only when it is not this year', () => {
    expect(en('2027-01-20T09:00:00')).toBe('Jan 20, 2027, 9:00 AM');
    expect(en('2025-12-02T09:00:00')).toBe('Dec 2, 2025, 9:00 AM');
    // Across New Year the week still counts: Thursday 31 Dec 2026 seen on Tuesday 5 Jan 2027.
    expect(en('2026-12-31T08:00:00', new Date(2027, 0, 5, 9))).toBe('last Thu 8:00 AM');
  });

  it('follows the locale for names, order and clock', () => {
    expect(whenWords(at('2026-12-02T17:00:00'), NOW, 'en-GB')).toBe('2 Dec, 17:00');
    expect(whenWords(at('2026-11-20T17:00:00'), NOW, 'de-DE')).toBe('last Fr 17:00');
  });

  it("reads the student's own day in their time zone", () => {
    // 23:30 UTC on Wednesday is already Thursday morning in Auckland and still Wednesday in
    // Los Angeles: the same card due Thursday 9:00 AM is "today" in one, "tomorrow" in the other.
    const instant = new Date(Date.UTC(2026, 10, 25, 23, 30));
    const due = at('2026-11-26T09:00:00');
    expect(whenWords(due, at(wallClockIn(instant, 'Pacific/Auckland')), 'en-US')).toBe(
      'today 9:00 AM',
    );
    expect(whenWords(due, at(wallClockIn(instant, 'America/Los_Angeles')), 'en-US')).toBe(
      'tomorrow 9:00 AM',
    );
  });
});

describe('the other shapes', () => {
  it('dayWords: the day alone', () => {
    expect(dayWords(at('2026-11-20'), NOW, 'en-US')).toBe('last Fri');
    expect(dayWords(at('2026-11-25'), NOW, 'en-US')).toBe('today');
    expect(dayWords(at('2026-12-24'), NOW, 'en-US')).toBe('Dec 24');
    expect(dayWords(at('2027-12-24'), NOW, 'en-US')).toBe('Dec 24, 2027');
  });

  it('dateWords and dateTimeWords never say "today"', () => {
    expect(dateWords(at('2026-11-25'), NOW, 'en-US')).toBe('Nov 25');
    expect(dateWords(at('2024-02-29'), NOW, 'en-US')).toBe('Feb 29, 2024');
    expect(dateTimeWords(at('2026-11-28T10:00:00'), NOW, 'en-US')).toBe('Nov 28, 10:00 AM');
  });

  it('clockWords, hourWords and fullDateWords', () => {
    expect(clockWords(at('2026-11-25T00:05:00'), 'en-US')).toBe('12:05 AM');
    expect(hourWords(at('2026-11-25T19:00:00'), 'en-US')).toBe('7 PM');
    expect(hourWords(at('2026-11-25T19:30:00'), 'en-US')).toBe('7:30 PM');
    expect(whenWords(at('2026-11-26T19:00:00'), NOW, 'en-US', 'hour')).toBe('tomorrow 7 PM');
    expect(whenWords(at('2026-12-02T19:30:00'), NOW, 'en-US', 'hour')).toBe('Dec 2, 7:30 PM');
    expect(fullDateWords(at('2026-11-23T17:00:00'), 'en-US')).toBe('Mon, Nov 23, 2026, 5:00 PM');
    expect(fullDayWords(at('2026-11-23'), 'en-US')).toBe('Mon, Nov 23, 2026');
  });

  it('has no ISO date and no narrow spaces in any shape', () => {
    const d = at('2026-11-23T17:00:00');
    for (const text of [
      whenWords(d, NOW),
      dateTimeWords(d, NOW),
      dateWords(d, NOW),
      fullDateWords(d),
      clockWords(d),
    ]) {
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|[\u00a0\u202f]/);
    }
  });
});
