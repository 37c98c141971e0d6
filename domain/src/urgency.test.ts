import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, getUrgency, urgencyText } from './urgency.ts';

/** Saturday 15 March 2025, 14:30 local time. */
const now = new Date(2025, 2, 15, 14, 30);

describe('getUrgency', () => {
  it('overdue by one day: level 5, singular text', () => {
    expect(getUrgency('2025-03-14T23:59:00', now)).toEqual({
      level: 5,
      text: 'Overdue by 1 day',
      days: -1,
      badge: 'overdue',
    });
  });

  it('overdue by several days: level 5, plural text', () => {
    expect(getUrgency('2025-03-10T08:00:00', now)).toEqual({
      level: 5,
      text: 'Overdue by 5 days',
      days: -5,
      badge: 'overdue',
    });
  });

  it('today: level 4 "Due Today", even when the time of day has passed', () => {
    for (const due of ['2025-03-15T00:00:00', '2025-03-15T08:00:00', '2025-03-15T23:59:00']) {
      expect(getUrgency(due, now)).toEqual({ level: 4, text: 'Due Today', days: 0, badge: 'soon' });
    }
  });

  it('tomorrow: level 3 "Due Tomorrow"', () => {
    expect(getUrgency('2025-03-16T00:00:00', now)).toEqual({
      level: 3,
      text: 'Due Tomorrow',
      days: 1,
      badge: 'soon',
    });
  });

  it('2 days: level 2 "Due in 2 days"', () => {
    expect(getUrgency('2025-03-17T09:00:00', now)).toEqual({
      level: 2,
      text: 'Due in 2 days',
      days: 2,
      badge: 'soon',
    });
  });

  it('3 to 7 days: level 1 "Due in N days"', () => {
    for (let d = 3; d <= 7; d++) {
      const due = `2025-03-${String(15 + d).padStart(2, '0')}T12:00:00`;
      expect(getUrgency(due, now)).toEqual({
        level: 1,
        text: `Due in ${d} days`,
        days: d,
        badge: 'soon',
      });
    }
  });

  it('more than 7 days: level 0, no text', () => {
    expect(getUrgency('2025-03-23T12:00:00', now)).toEqual({
      level: 0,
      text: null,
      days: 8,
      badge: 'soon',
    });
    expect(getUrgency('2025-06-01T12:00:00', now)).toMatchObject({ level: 0, text: null });
  });

  it('badge is "soon" up to 10 days and "none" beyond', () => {
    expect(getUrgency('2025-03-25T12:00:00', now)).toMatchObject({ days: 10, badge: 'soon' });
    expect(getUrgency('2025-03-26T12:00:00', now)).toMatchObject({ days: 11, badge: 'none' });
  });

  it('a missing date reads "No due date"', () => {
    for (const due of ['', null, undefined]) {
      expect(getUrgency(due, now)).toEqual({
        level: 0,
        text: 'No due date',
        days: null,
        badge: 'none',
      });
    }
  });

  it('an unparseable date reads "Invalid date"', () => {
    for (const due of ['next week', '2025-02-30', '2025-03-15T25:00:00']) {
      expect(getUrgency(due, now)).toEqual({
        level: 0,
        text: 'Invalid date',
        days: null,
        badge: 'none',
      });
    }
  });

  it('reads a legacy date-only value as that local day', () => {
    expect(getUrgency('2025-03-15', now)).toMatchObject({ level: 4, text: 'Due Today' });
    expect(getUrgency('2025-03-14', now)).toMatchObject({ level: 5, text: 'Overdue by 1 day' });
    expect(getUrgency('2025-03-16', now)).toMatchObject({ level: 3, text: 'Due Tomorrow' });
  });

  it('counts calendar days, not 24-hour periods', () => {
    const lateNight = new Date(2025, 2, 15, 23, 59);
    expect(getUrgency('2025-03-16T00:01:00', lateNight)).toMatchObject({ days: 1, level: 3 });
    const earlyMorning = new Date(2025, 2, 16, 0, 1);
    expect(getUrgency('2025-03-15T23:59:00', earlyMorning)).toMatchObject({
      days: -1,
      level: 5,
    });
  });

  it('crosses month, year and daylight-saving boundaries', () => {
    expect(getUrgency('2026-01-01T08:00:00', new Date(2025, 11, 31, 20, 0))).toMatchObject({
      text: 'Due Tomorrow',
    });
    expect(getUrgency('2025-04-01T08:00:00', new Date(2025, 2, 1, 8, 0)).days).toBe(31);
    expect(getUrgency('2025-11-05T08:00:00', new Date(2025, 9, 20, 8, 0)).days).toBe(16);
  });
});

describe('urgencyText', () => {
  it('matches the table', () => {
    expect(urgencyText(-30)).toBe('Overdue by 30 days');
    expect(urgencyText(-1)).toBe('Overdue by 1 day');
    expect(urgencyText(0)).toBe('Due Today');
    expect(urgencyText(1)).toBe('Due Tomorrow');
    expect(urgencyText(2)).toBe('Due in 2 days');
    expect(urgencyText(7)).toBe('Due in 7 days');
    expect(urgencyText(8)).toBeNull();
  });
});

describe('calendarDaysBetween', () => {
  it('ignores the time of day', () => {
    expect(calendarDaysBetween(new Date(2025, 0, 1, 23, 59), new Date(2025, 0, 2, 0, 0))).toBe(1);
    expect(calendarDaysBetween(new Date(2025, 0, 2, 0, 0), new Date(2025, 0, 1, 23, 59))).toBe(-1);
    expect(calendarDaysBetween(new Date(2025, 0, 1, 0, 0), new Date(2025, 0, 1, 23, 59))).toBe(0);
  });
});
