import { describe, expect, it } from 'vitest';
import { repeatFormOf } from '../recurrence/repeatForm.ts';
import { reminderPhrase, remindersRepeatSummary } from './sectionSummary.ts';

const never = repeatFormOf(null, '2031-03-14T17:00:00');
const weekly = repeatFormOf({ rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null }, '2031-03-14T17:00:00');

describe('reminderPhrase', () => {
  it('names the times latest last, sharing one "before"', () => {
    expect(reminderPhrase([60, 1440])).toBe('1 day and 1 hour before');
    expect(reminderPhrase([5, 10080, 60])).toBe('7 days, 1 hour and 5 minutes before');
    expect(reminderPhrase([0])).toBe('at the due time');
    expect(reminderPhrase([0, 2880])).toBe('2 days before and at the due time');
  });
});

describe('remindersRepeatSummary', () => {
  it('reads the default reminders and a weekly repeat in one line', () => {
    expect(
      remindersRepeatSummary({ reminders: null, defaults: null, hasDueDate: true, repeat: weekly }),
    ).toBe('Reminders: 1 day and 1 hour before · Repeats every Fri');
  });

  it("uses the student's own defaults, the assignment's own times, or none", () => {
    const base = { hasDueDate: true, repeat: never };
    expect(remindersRepeatSummary({ ...base, reminders: null, defaults: [30] })).toBe(
      'Reminders: 30 minutes before · Does not repeat',
    );
    expect(remindersRepeatSummary({ ...base, reminders: [360], defaults: [30] })).toBe(
      'Reminders: 6 hours before · Does not repeat',
    );
    expect(remindersRepeatSummary({ ...base, reminders: [], defaults: null })).toBe(
      'Reminders: none · Does not repeat',
    );
    expect(remindersRepeatSummary({ ...base, reminders: null, defaults: [] })).toBe(
      'Reminders: none · Does not repeat',
    );
  });

  it('says a due date comes first, and when a repeat ends', () => {
    expect(
      remindersRepeatSummary({
        reminders: null,
        defaults: null,
        hasDueDate: false,
        repeat: { ...weekly, kind: 'daily', every: 3, until: '2031-06-30' },
      }),
    ).toBe('Reminders: add a due date first · Repeats every 3 days until 2031-06-30');
  });
});
