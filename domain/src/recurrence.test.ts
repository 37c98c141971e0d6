import { describe, expect, it } from 'vitest';
import {
  describeRepeat,
  instanceIdOf,
  parseRepeatRule,
  repeatRuleOf,
  repeatSchema,
  skipLabel,
  type RepeatPattern,
} from './recurrence.ts';
import { followingDue, nextOccurrence } from './occurrences.ts';
import { wallClockIn, zonedInstant } from './timeZone.ts';

const weeklyFri = { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: null };

describe('nextOccurrence', () => {
  it('finds the next Friday across a month end', () => {
    expect(nextOccurrence(weeklyFri, '2026-10-30T17:00:00', '2026-10-30T17:00:00')).toBe(
      '2026-11-06T17:00:00',
    );
  });

  it('keeps the 31st, falling on the last day of shorter months', () => {
    const rule = { rrule: repeatRuleOf({ kind: 'monthly', day: 31 }), until: null };
    const anchor = '2026-01-31T09:00:00';
    expect(nextOccurrence(rule, anchor, anchor)).toBe('2026-02-28T09:00:00');
    expect(nextOccurrence(rule, anchor, '2026-02-28T09:00:00')).toBe('2026-03-31T09:00:00');
    expect(nextOccurrence(rule, anchor, '2026-03-31T09:00:00')).toBe('2026-04-30T09:00:00');
  });

  it('lands on 29 February in a leap year and the 28th otherwise', () => {
    const rule = { rrule: repeatRuleOf({ kind: 'monthly', day: 29 }), until: null };
    expect(nextOccurrence(rule, '2028-01-29T08:00:00', '2028-01-29T08:00:00')).toBe(
      '2028-02-29T08:00:00',
    );
    expect(nextOccurrence(rule, '2027-01-29T08:00:00', '2027-01-29T08:00:00')).toBe(
      '2027-02-28T08:00:00',
    );
    const daily = { rrule: 'FREQ=DAILY', until: null };
    expect(nextOccurrence(daily, '2028-02-28T08:00:00', '2028-02-28T08:00:00')).toBe(
      '2028-02-29T08:00:00',
    );
  });

  it('keeps the wall-clock time over a daylight-saving change', () => {
    // Europe/Berlin leaves summer time on 25 October 2026.
    const next = nextOccurrence(weeklyFri, '2026-10-23T17:00:00', '2026-10-23T17:00:00');
    expect(next).toBe('2026-10-30T17:00:00');
    // The same 5:00 PM is a different UTC hour on either side of the change.
    expect(wallClockIn(new Date('2026-10-23T15:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-10-23T17:00:00',
    );
    expect(wallClockIn(new Date('2026-10-30T16:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-10-30T17:00:00',
    );
  });

  it('counts every N days and every other week from the anchor', () => {
    const every3 = { rrule: 'FREQ=DAILY;INTERVAL=3', until: null };
    expect(nextOccurrence(every3, '2026-11-01T10:00:00', '2026-11-02T00:00:00')).toBe(
      '2026-11-04T10:00:00',
    );
    const biweekly = { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', until: null };
    expect(nextOccurrence(biweekly, '2026-11-02T10:00:00', '2026-11-02T10:00:00')).toBe(
      '2026-11-16T10:00:00',
    );
  });

  it('stops at until (inclusive)', () => {
    const rule = { rrule: 'FREQ=WEEKLY;BYDAY=FR', until: '2026-11-13' };
    expect(nextOccurrence(rule, '2026-11-06T17:00:00', '2026-11-06T17:00:00')).toBe(
      '2026-11-13T17:00:00',
    );
    expect(nextOccurrence(rule, '2026-11-06T17:00:00', '2026-11-13T17:00:00')).toBeNull();
  });
});

describe('followingDue', () => {
  it('skips missed weeks: the next date is after now, not after the old due date', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(followingDue(weeklyFri, '2026-10-30T17:00:00', '2026-10-30T17:00:00', now, 'UTC')).toBe(
      '2026-11-27T17:00:00',
    );
  });

  it('reads now in the student zone', () => {
    // Friday 23:30 UTC is already Saturday in Tokyo: the next Friday is a week later.
    const now = new Date('2026-11-27T23:30:00Z');
    expect(
      followingDue(weeklyFri, '2026-11-20T09:00:00', '2026-11-20T09:00:00', now, 'Asia/Tokyo'),
    ).toBe('2026-12-04T09:00:00');
  });

  it("keeps 5:00 PM across the zone's daylight-saving change, and reads now with the new offset", () => {
    // New York moves to summer time (UTC-4) on Sunday 9 March 2031.
    const sunday = { rrule: 'FREQ=WEEKLY;BYDAY=SU', until: null };
    const anchor = '2031-03-02T17:00:00';
    const zone = 'America/New_York';
    // 20:30 UTC is 4:30 PM in summer time: today's 5:00 PM still lies ahead.
    expect(followingDue(sunday, anchor, anchor, new Date('2031-03-09T20:30:00Z'), zone)).toBe(
      '2031-03-09T17:00:00',
    );
    // 21:30 UTC is 5:30 PM: the next one is a week later, at 5:00 PM again.
    expect(followingDue(sunday, anchor, anchor, new Date('2031-03-09T21:30:00Z'), zone)).toBe(
      '2031-03-16T17:00:00',
    );
    // The same wall-clock time is a different instant on either side of the change.
    expect(zonedInstant('2031-03-02T17:00:00', zone)?.toISOString()).toBe(
      '2031-03-02T22:00:00.000Z',
    );
    expect(zonedInstant('2031-03-09T17:00:00', zone)?.toISOString()).toBe(
      '2031-03-09T21:00:00.000Z',
    );
  });
});

describe('rules and words', () => {
  it('reads back what the editor writes', () => {
    for (const p of [
      { kind: 'weekly', days: ['MO', 'FR'], every: 1 },
      { kind: 'weekly', days: ['TU'], every: 2 },
      { kind: 'daily', every: 3 },
      { kind: 'monthly', day: 15 },
      { kind: 'monthly', day: 30 },
    ] satisfies RepeatPattern[]) {
      expect(parseRepeatRule(repeatRuleOf(p))).toEqual(p);
    }
  });

  it('refuses rules the editor cannot show', () => {
    for (const r of [
      'FREQ=YEARLY',
      'FREQ=WEEKLY',
      'FREQ=WEEKLY;BYDAY=XX',
      'FREQ=DAILY;COUNT=3',
      'nonsense',
      'FREQ=DAILY;INTERVAL=0',
    ]) {
      expect(parseRepeatRule(r)).toBeNull();
    }
    expect(repeatSchema.safeParse({ rrule: 'FREQ=YEARLY', until: null }).success).toBe(false);
    expect(repeatSchema.safeParse({ rrule: 'FREQ=DAILY', until: '2026-02-30' }).success).toBe(
      false,
    );
    expect(repeatSchema.safeParse({ rrule: 'FREQ=DAILY', zone: 'Mars/Base' }).success).toBe(false);
    expect(repeatSchema.parse({ rrule: 'FREQ=DAILY' })).toEqual({
      rrule: 'FREQ=DAILY',
      until: null,
    });
  });

  it('says the pattern in words', () => {
    expect(describeRepeat('FREQ=WEEKLY;BYDAY=FR')).toBe('Every Fri');
    expect(describeRepeat('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE')).toBe('Every 2 weeks on Mon, Wed');
    expect(describeRepeat('FREQ=DAILY;INTERVAL=3')).toBe('Every 3 days');
    expect(describeRepeat('FREQ=MONTHLY;BYMONTHDAY=1')).toBe('Every month on the 1st');
    expect(skipLabel('FREQ=WEEKLY;BYDAY=FR', '2026-11-27T17:00:00')).toBe('Skip to next Fri');
    expect(skipLabel('FREQ=MONTHLY;BYMONTHDAY=15', '2026-12-15T17:00:00')).toBe('Skip to Dec 15');
  });

  it('derives one instance id per occurrence', () => {
    expect(instanceIdOf('series-1', '2026-11-27T17:00:00')).toBe('series-1-20261127T1700');
  });
});
