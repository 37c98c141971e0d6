import { describe, expect, it } from 'vitest';
import {
  assignmentCreateSchema,
  assignmentPatchSchema,
  userPatchSchema,
  validate,
} from './schemas.ts';
import {
  effectiveReminders,
  reminderInstants,
  remindersDueBetween,
  reminderText,
} from './reminders.ts';

const iso = (d: Date | null | undefined) => d?.toISOString();

describe('reminderInstants', () => {
  it('counts back real minutes across a daylight-saving change', () => {
    // Due Monday 2026-03-30 09:00 in Berlin (CEST); 1 day before crosses the change at 02:00
    // on Sunday, so it is 2026-03-29 09:00 CEST = 07:00Z, and 2 days before is 07:00Z Saturday.
    const r = reminderInstants('2026-03-30T09:00:00', [60, 1440, 2880], 'Europe/Berlin');
    expect(r.map((x) => [x.minutes, iso(x.at)])).toEqual([
      [2880, '2026-03-28T07:00:00.000Z'],
      [1440, '2026-03-29T07:00:00.000Z'],
      [60, '2026-03-30T06:00:00.000Z'],
    ]);
  });

  it('has none without a due time', () => {
    expect(reminderInstants('', [60], 'UTC')).toEqual([]);
    expect(reminderInstants('2026-03-30', [60], 'UTC')).toEqual([]);
  });
});

describe('which reminders fire in a window', () => {
  const from = new Date('2026-05-01T08:59:30Z');
  const to = new Date('2026-05-01T09:00:30Z');
  const due = { due_date: '2026-05-01T10:00:00', status: 'new', reminders: null };

  it('uses the defaults when the assignment has none of its own', () => {
    expect(remindersDueBetween(due, [1440, 60], 'UTC', from, to).map((r) => r.minutes)).toEqual([
      60,
    ]);
    expect(effectiveReminders(null, null)).toEqual([1440, 60]);
  });

  it('moves with a changed due date', () => {
    const moved = { ...due, due_date: '2026-05-01T11:00:00' };
    expect(remindersDueBetween(moved, [60], 'UTC', from, to)).toEqual([]);
    const later = { from: new Date('2026-05-01T09:59:30Z'), to: new Date('2026-05-01T10:00:30Z') };
    expect(remindersDueBetween(moved, [60], 'UTC', later.from, later.to)).toHaveLength(1);
  });

  it('has nothing for a done assignment or an empty list', () => {
    expect(remindersDueBetween({ ...due, status: 'done' }, [60], 'UTC', from, to)).toEqual([]);
    expect(remindersDueBetween({ ...due, reminders: [] }, [60], 'UTC', from, to)).toEqual([]);
  });
});

describe('the reminder text', () => {
  it('reads like "Physics worksheet · due in 1 hour (5:00 PM)"', () => {
    const dueAt = new Date('2026-05-01T17:00:00Z');
    const now = new Date('2026-05-01T16:00:00Z');
    expect(reminderText('Physics worksheet', dueAt, now, 'UTC').title).toBe(
      'Physics worksheet · due in 1 hour (5:00 PM)',
    );
  });
});

describe('reminder fields in the API schemas', () => {
  it('accept null, [] and up to 5 times from 0 to 10080 minutes', () => {
    expect(validate(assignmentCreateSchema, { title: 'x' })).toMatchObject({
      success: true,
      data: { reminders: null },
    });
    expect(validate(assignmentPatchSchema, { id: 'a', reminders: [] }).success).toBe(true);
    expect(validate(assignmentPatchSchema, { id: 'a', reminders: [0, 10080] }).success).toBe(true);
    expect(validate(userPatchSchema, { reminder_defaults: [1440, 60] }).success).toBe(true);
    expect(validate(userPatchSchema, { time_zone: 'America/New_York' }).success).toBe(true);
  });

  it('refuse more than 5, out of range, fractions, repeats and unknown zones', () => {
    expect(validate(assignmentPatchSchema, { id: 'a', reminders: [1, 2, 3, 4, 5, 6] })).toEqual({
      success: false,
      error: 'reminders must have at most 5 items.',
    });
    expect(validate(assignmentPatchSchema, { id: 'a', reminders: [10081] })).toEqual({
      success: false,
      error: 'reminders must be between 0 and 10080 minutes before.',
    });
    expect(validate(userPatchSchema, { reminder_defaults: [1.5] })).toEqual({
      success: false,
      error: 'reminder_defaults must hold whole numbers of minutes.',
    });
    expect(validate(userPatchSchema, { reminder_defaults: [60, 60] })).toEqual({
      success: false,
      error: 'reminder_defaults must not repeat a time.',
    });
    expect(validate(userPatchSchema, { time_zone: 'Mars/Olympus' })).toEqual({
      success: false,
      error: 'time_zone must be an IANA time zone such as Europe/Berlin.',
    });
  });
});

describe('the reminder text of a title with control characters', () => {
  it('carries no control or bidi character to the notification', () => {
    const dueAt = new Date('2026-05-01T17:00:00Z');
    const now = new Date('2026-05-01T16:00:00Z');
    expect(reminderText('Lab\u0000 report\u202E\r\n', dueAt, now, 'UTC').title).toBe(
      'Lab report · due in 1 hour (5:00 PM)',
    );
  });
});
