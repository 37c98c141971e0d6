import { DEFAULT_PLAN_SETTINGS } from './planSettings.ts';
import { describe, expect, it } from 'vitest';
import {
  adjustedText,
  estimateMinutesSchema,
  formatMinutes,
  learningExplanation,
  learningFactor,
  parseEstimate,
  remainingEstimateMinutes,
  remainingText,
  spentText,
  startBy,
  startByText,
  type TimedAssignment,
} from './estimates.ts';

// Monday 23 November 2026, 10:00 local time.
const now = new Date(2026, 10, 23, 10, 0);

const done = (
  focus_minutes: number,
  estimates: number[],
  completed_date: string,
): TimedAssignment => ({
  id: completed_date,
  status: 'done',
  due_date: '',
  focus_minutes,
  completed_date,
  subtasks: estimates.map((e) => ({ completed: true, estimate_minutes: e })),
});

describe('estimates', () => {
  it('accepts whole minutes from 1 to 600 or null', () => {
    for (const ok of [1, 45, 600, null])
      expect(estimateMinutesSchema.safeParse(ok).success).toBe(true);
    for (const bad of [0, 601, 1.5, '30', -5]) {
      expect(estimateMinutesSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('reads a typed estimate', () => {
    expect(parseEstimate(' 45 ')).toBe(45);
    expect(parseEstimate('')).toBeNull();
    for (const bad of ['0', '601', '1.5', 'abc', '-3']) expect(parseEstimate(bad)).toBeUndefined();
  });

  it('sums the unticked estimates and says it calmly', () => {
    const subtasks = [
      { completed: true, estimate_minutes: 30 },
      { completed: false, estimate_minutes: 60 },
      { completed: false, estimate_minutes: 30 },
      { completed: false, estimate_minutes: null },
    ];
    expect(remainingEstimateMinutes(subtasks)).toBe(90);
    expect(remainingText(90)).toBe('~1 h 30 min left');
    expect(remainingEstimateMinutes([{ completed: false }])).toBeNull();
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(spentText(45, 90)).toBe('45 of 90 min');
  });
});

describe('learningFactor', () => {
  it('is null without finished assignments that have both figures', () => {
    expect(learningFactor([])).toBeNull();
    expect(learningFactor([done(0, [30], '2026-11-20')])).toBeNull();
    expect(
      learningFactor([{ ...done(30, [], '2026-11-20'), subtasks: [{ completed: true }] }]),
    ).toBeNull();
    expect(adjustedText(60, null)).toBeNull();
  });

  it('compares real time with the guesses of the last five finished assignments', () => {
    const items = [
      done(84, [60], '2026-11-20'),
      done(56, [40], '2026-11-19'),
      done(600, [10], '2026-01-01'), // the sixth newest: not counted
      done(28, [20], '2026-11-18'),
      done(14, [10], '2026-11-17'),
      done(70, [50], '2026-11-16'),
    ];
    const learning = learningFactor(items);
    expect(learning).toEqual({ factor: 1.4, basedOn: 5 });
    expect(adjustedText(90, learning)).toBe('you usually need ×1.4, so ~2 h 6 min');
    expect(learningExplanation(learning!)).toBe(
      'Your last 5 finished assignments took ×1.4 the time you guessed, so Brainboard adjusts what is left the same way.',
    );
  });

  it('stays between ×0.5 and ×3', () => {
    expect(learningFactor([done(1000, [10], '2026-11-20')])?.factor).toBe(3);
    expect(learningFactor([done(1, [100], '2026-11-20')])?.factor).toBe(0.5);
  });
});

describe('startBy', () => {
  const card = (due_date: string, estimates: number[]): TimedAssignment => ({
    id: 'a',
    status: 'new',
    due_date,
    subtasks: estimates.map((e) => ({ completed: false, estimate_minutes: e })),
  });

  it('subtracts the adjusted work left from the due time, on the half hour before', () => {
    // Due Tuesday 9 PM with 2 h left: start by Tuesday 7 PM.
    const due = card('2026-11-24T21:00:00', [60, 60]);
    const start = startBy(due, now, null)!;
    expect(start).toEqual(new Date(2026, 10, 24, 19, 0));
    expect(startByText(start, now)).toBe('Start by tomorrow 7 PM');
    // ×1.5: 3 h left, start by 6 PM; 25 min more rounds down to 5:30 PM.
    expect(startBy(due, now, { factor: 1.5, basedOn: 2 })).toEqual(new Date(2026, 10, 24, 18));
    expect(startBy(card('2026-11-24T21:00:00', [205]), now, null)).toEqual(
      new Date(2026, 10, 24, 17, 30),
    );
    expect(startByText(new Date(2026, 10, 26, 19, 30), now)).toBe('Start by Thu 7:30 PM');
  });

  it('counts the work inside the study hours, so it never says to start in the night', () => {
    // Seen: "Start by Wed 4 AM" on a card due Wednesday 9 AM with 5 h of steps.
    const wednesday = card('2026-11-25T09:00:00', [120, 180]);
    expect(startBy(wednesday, now, null, null)).toEqual(new Date(2026, 10, 25, 4));
    // With the default study hours (4 PM to 9 PM on weekdays), Tuesday's five hours hold it.
    const hours = DEFAULT_PLAN_SETTINGS.study_hours;
    expect(startBy(wednesday, now, null)).toEqual(new Date(2026, 10, 24, 16));
    expect(startBy(wednesday, now, null, hours)).toEqual(new Date(2026, 10, 24, 16));
    // Six hours: one more from Monday's window; 2 h due Tuesday 6 PM: from 4 PM that day.
    expect(startBy(card('2026-11-25T09:00:00', [360]), now, null, hours)).toEqual(
      new Date(2026, 10, 23, 20),
    );
    expect(startBy(card('2026-11-24T18:00:00', [60]), now, null, hours)).toEqual(
      new Date(2026, 10, 24, 17),
    );
    // No study hours at all: the plain count stands.
    const none = Object.fromEntries(
      Object.keys(hours).map((d) => [d, []]),
    ) as unknown as typeof hours;
    expect(startBy(wednesday, now, null, none)).toEqual(new Date(2026, 10, 25, 4));
  });

  it('shows only for open cards due within 7 days that have an estimate left', () => {
    expect(startBy(card('2026-12-01T09:00:00', [60]), now, null)).toBeNull();
    expect(startBy(card('2026-11-30T09:00:00', [60]), now, null)).not.toBeNull();
    expect(startBy(card('2026-11-24T09:00:00', []), now, null)).toBeNull();
    expect(startBy(card('2026-11-22T09:00:00', [60]), now, null)).toBeNull();
    expect(startBy({ ...card('2026-11-24T09:00:00', [60]), status: 'done' }, now, null)).toBeNull();
    expect(startByText(new Date(2026, 10, 23, 9), now)).toBe('Start now');
  });
});
