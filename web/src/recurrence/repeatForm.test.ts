import { describe, expect, it } from 'vitest';
import { repeatChanged, repeatFormOf, repeatOfForm } from './repeatForm.ts';
import { skipTarget } from './skipTarget.ts';
import { makeAssignment } from '@brainboard/domain/testing';

describe('the Repeats form', () => {
  it('starts from the due date: its weekday and its day of the month', () => {
    const form = repeatFormOf(null, '2026-11-27T17:00:00');
    expect(form).toMatchObject({ kind: 'never', days: ['FR'], monthDay: 27, until: '' });
    expect(repeatOfForm(form)).toBeNull();
    expect(repeatOfForm({ ...form, kind: 'weekly' })).toEqual({
      rrule: 'FREQ=WEEKLY;BYDAY=FR',
      until: null,
    });
    expect(repeatOfForm({ ...form, kind: 'daily', every: 3, until: '2027-01-31' })).toEqual({
      rrule: 'FREQ=DAILY;INTERVAL=3',
      until: '2027-01-31',
    });
  });

  it('reads a stored rule back and tells whether it changed', () => {
    const stored = { rrule: 'FREQ=MONTHLY;BYMONTHDAY=15', until: null };
    const form = repeatFormOf(stored, '2026-11-15T09:00:00');
    expect(form).toMatchObject({ kind: 'monthly', monthDay: 15 });
    expect(repeatChanged(form, stored)).toBe(false);
    expect(repeatChanged({ ...form, monthDay: 16 }, stored)).toBe(true);
    expect(repeatChanged({ ...form, kind: 'never' }, stored)).toBe(true);
  });

  it('skips to the next date after both the due date and now', () => {
    const a = makeAssignment({
      id: 'r',
      due_date: '2026-11-06T17:00:00',
      repeat: { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null },
    });
    // Three weeks late: the next Friday after today, never one in the past.
    expect(skipTarget(a, new Date(2026, 10, 23, 12))).toBe('2026-11-27T17:00:00');
    expect(skipTarget({ ...a, repeat: null }, new Date())).toBeNull();
  });
});
