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
  firstFiring,
  nextFiring,
  reminderPlan,
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

describe('the next reminder of a stored plan', () => {
  const now = new Date('2026-05-01T08:59:30Z');
  const due = { due_date: '2026-05-01T10:00:00', status: 'new', reminders: null };
  const plan = (
    a: { due_date: string; status: string; reminders: number[] | null },
    defaults: number[] | null = [1440, 60],
    zone = 'UTC',
    snooze: Date | null = null,
    at = now,
  ) => reminderPlan(a, defaults, zone, snooze, at);

  it('uses the defaults when the assignment has none of its own', () => {
    const p = plan(due)!;
    expect(p.minutes).toEqual([1440, 60]);
    expect(firstFiring(p, now)).toEqual({
      at: new Date('2026-05-01T09:00:00Z'),
      key: '2026-05-01T10:00:00|60',
    });
    expect(effectiveReminders(null, null)).toEqual([1440, 60]);
  });

  it('moves with a changed due date, and reads the due time on the zone’s clock', () => {
    expect(firstFiring(plan({ ...due, due_date: '2026-05-01T11:00:00' })!, now)?.at).toEqual(
      new Date('2026-05-01T10:00:00Z'),
    );
    // 10:00 in Berlin (summer time) is 08:00Z: its 1-hour reminder passed 1.5 h ago, the day
    // before too, so none is left.
    expect(firstFiring(plan(due, [1440, 60], 'Europe/Berlin')!, now)).toBeNull();
  });

  it('still fires a reminder that passed within the lookback, then the next one after it', () => {
    const late = new Date('2026-05-01T09:10:00Z');
    const p = plan({ ...due, reminders: [60, 30] }, null, 'UTC', null, late)!;
    const first = firstFiring(p, late)!;
    expect(first.key).toBe('2026-05-01T10:00:00|60');
    expect(nextFiring(p, first.at)?.key).toBe('2026-05-01T10:00:00|30');
    expect(nextFiring(p, new Date('2026-05-01T09:30:00Z'))).toBeNull();
    const muchLater = new Date('2026-05-01T09:20:00Z');
    expect(firstFiring(plan(due, [60], 'UTC', null, muchLater)!, muchLater)).toBeNull();
  });

  it('puts a snooze among the reminder times, and drops one past the lookback', () => {
    const snooze = new Date('2026-05-01T09:05:00Z');
    const p = plan(due, [60], 'UTC', snooze)!;
    expect(nextFiring(p, new Date('2026-05-01T09:00:00Z'))).toEqual({
      at: snooze,
      key: 'snooze|2026-05-01T09:05:00.000Z',
    });
    expect(plan(due, [60], 'UTC', new Date('2026-05-01T08:00:00Z'))!.snooze_at).toBeNull();
  });

  it('has nothing for a done assignment, an empty list or no due time', () => {
    expect(plan({ ...due, status: 'done' })).toBeNull();
    expect(plan({ ...due, due_date: '' })).toBeNull();
    expect(plan({ ...due, due_date: '2026-05-01' })).toBeNull();
    expect(firstFiring(plan({ ...due, reminders: [] })!, now)).toBeNull();
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
