import type { TimedAssignment } from '@brainboard/domain';
import { describe, expect, it } from 'vitest';
import { nextBadgeChange, nextLocalMidnight } from './badgeClock.ts';

const card = (due_date: string, extra: Partial<TimedAssignment> = {}): TimedAssignment => ({
  id: due_date || 'none',
  status: 'new',
  due_date,
  subtasks: [],
  ...extra,
});
/** A local wall time on 2026-11-23. */
const at = (h: number, m = 0, s = 0, ms = 0) => new Date(2026, 10, 23, h, m, s, ms);

describe('nextBadgeChange', () => {
  it('is the moment after a deadline later today (then "passed" shows)', () => {
    const next = nextBadgeChange([card('2026-11-23T10:00:00')], at(9, 58));
    expect(next).toEqual(at(10, 0, 0, 1));
  });

  it('picks the soonest of several deadlines today, and midnight once they have passed', () => {
    const cards = [card('2026-11-23T15:30:00'), card('2026-11-23T10:00:00')];
    expect(nextBadgeChange(cards, at(8))).toEqual(at(10, 0, 0, 1));
    expect(nextBadgeChange(cards, at(10, 0, 0, 1))).toEqual(at(15, 30, 0, 1));
    expect(nextBadgeChange(cards, at(16))).toEqual(new Date(2026, 10, 24));
  });

  it('at the very moment of the deadline, still waits for the moment after', () => {
    expect(nextBadgeChange([card('2026-11-23T10:00:00')], at(10))).toEqual(at(10, 0, 0, 1));
  });

  it('is midnight for cards due on other days (urgency counts calendar days)', () => {
    expect(nextBadgeChange([card('2026-11-30T09:00:00')], at(9))).toEqual(new Date(2026, 10, 24));
    expect(nextBadgeChange([card('2026-11-20T09:00:00')], at(9))).toEqual(new Date(2026, 10, 24));
  });

  it("ignores a done card's deadline, but its date text still rolls over at midnight", () => {
    const done = card('2026-11-23T10:00:00', { status: 'done' });
    expect(nextBadgeChange([done], at(9))).toEqual(new Date(2026, 10, 24));
  });

  it('is the "Start by" moment when that comes first ("Start now" from then)', () => {
    const timed = card('2026-11-23T18:00:00', {
      subtasks: [{ completed: false, estimate_minutes: 120 }],
    });
    // Two hours of work before 6 PM: start by 4 PM.
    expect(nextBadgeChange([timed], at(9))).toEqual(at(16));
    expect(nextBadgeChange([timed], at(16, 0, 0, 1))).toEqual(at(18, 0, 0, 1));
  });

  it("is the card's first planned session, when it has one, in place of the count", () => {
    const timed = card('2026-11-23T18:00:00', {
      subtasks: [{ completed: false, estimate_minutes: 120 }],
    });
    const planned = new Map([[timed.id, at(11)]]);
    expect(nextBadgeChange([timed], at(9), null, undefined, planned)).toEqual(at(11));
  });

  it('is null when no card has a due date', () => {
    expect(nextBadgeChange([card(''), card('not a date')], at(9))).toBeNull();
    expect(nextBadgeChange([], at(9))).toBeNull();
  });
});

describe('nextLocalMidnight', () => {
  it('is the start of the next local day, also on the last day of a month and year', () => {
    expect(nextLocalMidnight(at(23, 59, 59, 999))).toEqual(new Date(2026, 10, 24));
    expect(nextLocalMidnight(new Date(2026, 11, 31, 12))).toEqual(new Date(2027, 0, 1));
  });
});
