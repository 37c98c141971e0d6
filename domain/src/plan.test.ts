import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BREAK_MINUTES,
  plannedAt,
  dueInstant,
  isoInZone,
  planWeek,
  workLeftMinutes,
  type PlanAssignment,
  type PlanInput,
  type PlanResult,
} from './plan.ts';
import {
  DEFAULT_PLAN_SETTINGS,
  minutesOfTime,
  WEEKDAYS,
  type PlanSettings,
  type StudyHours,
} from './planSettings.ts';
import { wallTimeAt, zonedInstant } from './timeZone.ts';
import { pickWhatNow } from './whatNow.ts';

const NY = 'America/New_York';
const BERLIN = 'Europe/Berlin';
const MIN = 60_000;

/** The instant of a wall time in `zone` ('2026-03-02T12:00'). */
const at = (local: string, zone = NY) => zonedInstant(local, zone)!.getTime();

/** Monday 2 March 2026, noon in New York: the fixed clock of most tests. */
const MONDAY_NOON = at('2026-03-02T12:00');

function assignment(id: string, due: string, estimates: number[] = [], extra = {}): PlanAssignment {
  return {
    id,
    status: 'new',
    due_date: due,
    subtasks: estimates.map((m) => ({ completed: false, estimate_minutes: m })),
    ...extra,
  };
}

function plan(partial: Partial<PlanInput> & { assignments: PlanAssignment[] }): PlanResult {
  return planWeek({
    settings: DEFAULT_PLAN_SETTINGS,
    busy: [],
    zone: NY,
    now: MONDAY_NOON,
    days: 14,
    ...partial,
  });
}

const minutes = (s: { start: number; end: number }) => (s.end - s.start) / MIN;
const wall = (t: number, zone = NY) => {
  const w = wallTimeAt(t, zone);
  return `${w.hour}:${String(w.minute).padStart(2, '0')}`;
};

/** Every rule the plan must keep, checked on any input (the property tests use it too). */
function checkRules(input: PlanInput, result: PlanResult): void {
  const { settings, zone } = input;
  const sorted = [...result.sessions].sort((a, b) => a.start - b.start);
  const perDay = new Map<string, number>();
  for (const [i, s] of sorted.entries()) {
    expect(s.end).toBeGreaterThan(s.start);
    const next = sorted[i + 1];
    if (next)
      expect(next.start - s.end).toBeGreaterThanOrEqual(
        s.by_hand || next.by_hand ? 0 : BREAK_MINUTES * MIN,
      );
    const day = wallTimeAt(s.start, zone);
    const key = `${day.year}-${day.month}-${day.day}`;
    perDay.set(key, (perDay.get(key) ?? 0) + minutes(s));
    if (s.by_hand) continue;
    expect(minutes(s)).toBeGreaterThanOrEqual(25);
    expect(minutes(s)).toBeLessThanOrEqual(90);
    expect(s.start).toBeGreaterThanOrEqual(input.now);
    // Never after the buffer before the due time.
    const a = input.assignments.find((x) => x.id === s.assignment_id)!;
    expect(s.end).toBeLessThanOrEqual(
      dueInstant(a.due_date, zone)! - settings.buffer_hours * 3600_000,
    );
    // Never in a busy interval.
    for (const b of input.busy) expect(s.end <= b.start || s.start >= b.end).toBe(true);
    // Only inside the study hours of its weekday, on the zone's wall clock.
    const weekday = WEEKDAYS[new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()]!;
    const inside = settings.study_hours[weekday].some(([from, to]) => {
      const dayKey = `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;
      const m = minutesOfTime(from)!;
      const n = minutesOfTime(to)!;
      const hhmm = (x: number) =>
        `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
      const windowStart = zonedInstant(`${dayKey}T${hhmm(m)}`, zone)!.getTime();
      const windowEnd =
        n === 1440
          ? zonedInstant(`${dayKey}T23:59`, zone)!.getTime() + MIN
          : zonedInstant(`${dayKey}T${hhmm(n)}`, zone)!.getTime();
      return s.start >= windowStart && s.end <= windowEnd;
    });
    expect(inside).toBe(true);
  }
  // The daily limit holds.
  for (const total of perDay.values())
    expect(total).toBeLessThanOrEqual(settings.daily_limit_minutes);
}

describe('planWeek', () => {
  it('places 60 default minutes in the first study hours, in 25 to 90 minute sessions with a break', () => {
    const input = { assignments: [assignment('physics', '2026-03-06T09:00:00')] };
    const result = plan(input);
    expect(result.unplanned).toEqual([]);
    expect(result.sessions.map((s) => [isoInZone(s.start, NY), minutes(s)])).toEqual([
      ['2026-03-02T16:00:00-05:00', 30],
      ['2026-03-02T16:40:00-05:00', 30],
    ]);
  });

  it('counts the unticked estimates scaled by the learned factor, less the focused time', () => {
    const a = assignment('essay', '2026-03-06T09:00:00', [60, 30], { focus_minutes: 20 });
    expect(workLeftMinutes(a, 60)).toBe(70);
    expect(workLeftMinutes(a, 60, { factor: 1.5, basedOn: 3 })).toBe(115);
    const ticked = {
      ...a,
      subtasks: [
        { completed: true, estimate_minutes: 60 },
        { completed: false, estimate_minutes: 30 },
      ],
    };
    expect(workLeftMinutes(ticked, 60)).toBe(30);
    expect(workLeftMinutes({ ...a, subtasks: [] }, 60)).toBe(40);
    expect(workLeftMinutes({ ...a, status: 'done' }, 60)).toBe(0);
    const result = plan({ assignments: [a], learning: { factor: 1.5, basedOn: 3 } });
    // 115 minutes in three even sessions: 40, 40 and the last 35.
    expect(result.sessions.map(minutes)).toEqual([40, 40, 35]);
  });

  it('never places a session after the buffer before the due time, and says how much is short', () => {
    // Due Tuesday 9 AM with a 12 h buffer: only Monday 4 PM to 9 PM is left. Four 40-minute
    // sessions with breaks fill 160 of the 180 minutes the daily limit allows; 20 is too short.
    const input = { assignments: [assignment('lab', '2026-03-03T09:00:00', [240])] };
    const result = plan(input);
    for (const s of result.sessions) expect(s.end).toBeLessThanOrEqual(at('2026-03-02T21:00'));
    expect(result.sessions.reduce((sum, s) => sum + minutes(s), 0)).toBe(160);
    expect(result.unplanned).toEqual([{ assignment_id: 'lab', minutes_short: 80 }]);
    checkRules(
      { ...input, settings: DEFAULT_PLAN_SETTINGS, busy: [], zone: NY, now: MONDAY_NOON, days: 14 },
      result,
    );
  });

  it('a longer buffer leaves less time', () => {
    const settings = { ...DEFAULT_PLAN_SETTINGS, buffer_hours: 24 };
    const result = plan({
      assignments: [assignment('lab', '2026-03-03T09:00:00', [60])],
      settings,
    });
    expect(result.sessions).toEqual([]);
    expect(result.unplanned).toEqual([{ assignment_id: 'lab', minutes_short: 60 }]);
  });

  it('never places a session in a busy interval or outside the study hours', () => {
    const busy = [
      { start: at('2026-03-02T15:00'), end: at('2026-03-02T18:30') },
      { start: at('2026-03-03T16:00'), end: at('2026-03-03T21:00') },
    ];
    const input = {
      assignments: [assignment('history', '2026-03-06T09:00:00', [90, 90, 90])],
      busy,
    };
    const result = plan(input);
    expect(result.sessions.length).toBeGreaterThan(0);
    expect(isoInZone(result.sessions[0]!.start, NY)).toBe('2026-03-02T18:30:00-05:00');
    for (const s of result.sessions) expect(dayOfWall(s.start)).not.toBe('2026-03-03');
    checkRules(
      { ...input, settings: DEFAULT_PLAN_SETTINGS, zone: NY, now: MONDAY_NOON, days: 14 },
      result,
    );
  });

  it('no day holds more than the daily limit', () => {
    const settings = { ...DEFAULT_PLAN_SETTINGS, daily_limit_minutes: 90 };
    const input = {
      assignments: [
        assignment('a', '2026-03-13T09:00:00', [600]),
        assignment('b', '2026-03-12T09:00:00', [300]),
      ],
      settings,
    };
    const result = plan(input);
    const perDay = new Map<string, number>();
    for (const s of result.sessions)
      perDay.set(dayOfWall(s.start), (perDay.get(dayOfWall(s.start)) ?? 0) + minutes(s));
    expect(Math.max(...perDay.values())).toBe(90);
    checkRules({ ...input, busy: [], zone: NY, now: MONDAY_NOON, days: 14 }, result);
  });

  it('places the most urgent work first', () => {
    const result = plan({
      assignments: [
        assignment('later', '2026-03-10T09:00:00', [45]),
        assignment('sooner', '2026-03-05T09:00:00', [45]),
      ],
    });
    expect(result.sessions.map((s) => s.assignment_id)).toEqual(['sooner', 'later']);
  });

  it('keeps sessions placed by hand and counts them towards their assignment', () => {
    const kept = {
      id: 'mine',
      assignment_id: 'essay',
      start: at('2026-03-04T19:00'),
      end: at('2026-03-04T19:45'),
    };
    const result = plan({
      assignments: [assignment('essay', '2026-03-06T09:00:00', [90])],
      kept: [kept],
    });
    expect(result.sessions).toContainEqual({ ...kept, by_hand: true });
    expect(result.sessions.reduce((sum, s) => sum + minutes(s), 0)).toBe(90);
    expect(result.released).toEqual([]);
  });

  it('hands back a session placed by hand that no longer ends before the buffer', () => {
    const kept = {
      id: 'mine',
      assignment_id: 'essay',
      start: at('2026-03-05T19:00'),
      end: at('2026-03-05T19:45'),
    };
    // Its due date moved to Thursday 9 AM: the buffer now starts Wednesday 9 PM.
    const result = plan({
      assignments: [assignment('essay', '2026-03-05T09:00:00', [45])],
      kept: [kept],
    });
    expect(result.released).toEqual(['mine']);
    expect(result.sessions.map((s) => s.id)).not.toContain('mine');
    expect(result.sessions.reduce((sum, s) => sum + minutes(s), 0)).toBe(45);
  });

  it('never leaves a rest too short for a session of its own', () => {
    // 40 minutes of work at 11:30 PM with study hours to midnight: not 20 + 25, but 40 tomorrow.
    const settings = { ...DEFAULT_PLAN_SETTINGS, study_hours: allDay() };
    const result = plan({
      now: at('2026-03-02T23:30'),
      settings,
      assignments: [assignment('quiz', '2026-03-05T09:00:00', [40])],
    });
    expect(result.sessions.map((s) => [isoInZone(s.start, NY), minutes(s)])).toEqual([
      ['2026-03-03T00:00:00-05:00', 40],
    ]);
  });

  it('keeps the break between sessions when study hours run on past midnight', () => {
    // All-day study hours, 90 minutes of work at 11:20 PM: half an hour fits before midnight,
    // and the next session waits its 10-minute break after it, not at 12:00 AM on the dot.
    const settings = { ...DEFAULT_PLAN_SETTINGS, study_hours: allDay() };
    const input = {
      now: at('2026-03-02T23:20'),
      settings,
      assignments: [assignment('physics', '2026-03-06T09:00:00', [90])],
    };
    const result = plan(input);
    expect(result.sessions.map((s) => [isoInZone(s.start, NY), minutes(s)])).toEqual([
      ['2026-03-02T23:30:00-05:00', 30],
      ['2026-03-03T00:10:00-05:00', 35],
      ['2026-03-03T00:55:00-05:00', 25],
    ]);
    checkRules({ ...input, busy: [], zone: NY, days: 14 }, result);
  });

  it('plans nothing for done work or work without a due date', () => {
    const result = plan({
      assignments: [
        assignment('done', '2026-03-05T09:00:00', [45], { status: 'done' }),
        assignment('someday', '', [45]),
      ],
    });
    expect(result).toEqual({ sessions: [], unplanned: [], released: [] });
  });

  it('does not call work short that is due after the planned days', () => {
    const result = plan({
      days: 2,
      assignments: [assignment('big', '2026-03-20T09:00:00', [600])],
    });
    expect(result.unplanned).toEqual([]);
    expect(result.sessions.reduce((sum, s) => sum + minutes(s), 0)).toBe(360);
  });

  it('the same input always gives the same plan, in any order', () => {
    const assignments = Array.from({ length: 12 }, (_, i) =>
      assignment(`a${i}`, `2026-03-${String(4 + (i % 9)).padStart(2, '0')}T09:00:00`, [
        30 + i * 10,
      ]),
    );
    const one = plan({ assignments });
    const two = plan({ assignments: [...assignments].reverse() });
    expect(two).toEqual(one);
    expect(plan({ assignments })).toEqual(one);
  });

  it('a daylight-saving Sunday in New York keeps the wall-clock study hours', () => {
    // 8 March 2026: clocks go from 2 AM to 3 AM.
    const now = at('2026-03-07T20:00');
    const settings = { ...DEFAULT_PLAN_SETTINGS, daily_limit_minutes: 720 };
    const input = {
      assignments: [assignment('math', '2026-03-10T09:00:00', [90, 90, 90, 90, 90])],
      now,
      settings,
      days: 2,
    };
    const result = plan(input);
    const sunday = result.sessions.filter((s) => dayOfWall(s.start) === '2026-03-08');
    expect(wall(sunday[0]!.start)).toBe('10:00');
    expect(isoInZone(sunday[0]!.start, NY)).toBe('2026-03-08T10:00:00-04:00');
    expect(wall(sunday.at(-1)!.end)).toBe('18:00');
    checkRules({ ...input, busy: [], zone: NY }, result);
  });

  it('a study window across the skipped hour is an hour shorter in New York', () => {
    const hours = onlySunday([['01:00', '04:00']]);
    const settings = {
      ...DEFAULT_PLAN_SETTINGS,
      study_hours: hours,
      daily_limit_minutes: 720,
      session_minutes: 90,
    };
    const result = plan({
      assignments: [assignment('math', '2026-03-10T09:00:00', [600])],
      now: at('2026-03-07T20:00'),
      settings,
      days: 2,
    });
    // 1 AM EST to 4 AM EDT is two real hours: 90 minutes, a break, and 20 minutes too short for a session.
    expect(result.sessions.map((s) => [isoInZone(s.start, NY), minutes(s)])).toEqual([
      ['2026-03-08T01:00:00-05:00', 90],
    ]);
  });

  it('a daylight-saving Sunday in Berlin, and the repeated hour in autumn', () => {
    // 29 March 2026: clocks go from 2 AM to 3 AM in Berlin.
    const spring = plan({
      zone: BERLIN,
      now: at('2026-03-28T20:00', BERLIN),
      days: 2,
      assignments: [assignment('deutsch', '2026-03-31T09:00:00', [45])],
    });
    expect(spring.sessions.map((s) => isoInZone(s.start, BERLIN))).toEqual([
      '2026-03-29T10:00:00+02:00',
    ]);
    // 25 October 2026: 2 AM to 3 AM happens twice, so 1 AM to 3 AM holds three real hours.
    const settings = {
      ...DEFAULT_PLAN_SETTINGS,
      study_hours: onlySunday([['01:00', '03:00']]),
      daily_limit_minutes: 720,
      session_minutes: 90,
    };
    const autumn = plan({
      zone: BERLIN,
      now: at('2026-10-24T20:00', BERLIN),
      days: 4,
      settings,
      assignments: [assignment('deutsch', '2026-10-27T09:00:00', [180])],
    });
    expect(autumn.sessions.map((s) => [isoInZone(s.start, BERLIN), minutes(s)])).toEqual([
      ['2026-10-25T01:00:00+02:00', 90],
      // Still summer time: 2:40 AM comes first at +02:00. 80 minutes would fit (to 3 AM winter
      // time) but would leave 10, too short for a session: 65 are placed and 25 are short.
      ['2026-10-25T02:40:00+02:00', 65],
    ]);
    expect(autumn.unplanned).toEqual([{ assignment_id: 'deutsch', minutes_short: 25 }]);
  });
});

function dayOfWall(t: number, zone = NY): string {
  const w = wallTimeAt(t, zone);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

function allDay(): StudyHours {
  const day: [string, string][] = [['00:00', '24:00']];
  return { sun: day, mon: day, tue: day, wed: day, thu: day, fri: day, sat: day };
}

function onlySunday(windows: [string, string][]): StudyHours {
  return { sun: windows, mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] };
}

describe('planWeek over random weeks (fast-check)', () => {
  const windows = fc
    .uniqueArray(fc.integer({ min: 0, max: 47 }), { minLength: 0, maxLength: 6 })
    .map((edges) => {
      const sorted = [...edges].sort((a, b) => a - b);
      const out: [string, string][] = [];
      for (let i = 0; i + 1 < sorted.length; i += 2)
        out.push([halfHour(sorted[i]!), halfHour(sorted[i + 1]!)]);
      return out;
    });
  const studyHours = fc.record(
    Object.fromEntries(WEEKDAYS.map((d) => [d, windows])) as Record<
      (typeof WEEKDAYS)[number],
      typeof windows
    >,
  );
  const settings: fc.Arbitrary<PlanSettings> = fc.record({
    study_hours: studyHours,
    daily_limit_minutes: fc.integer({ min: 25, max: 720 }),
    session_minutes: fc.integer({ min: 25, max: 90 }),
    buffer_hours: fc.integer({ min: 0, max: 72 }),
    default_estimate_minutes: fc.integer({ min: 5, max: 600 }),
  });
  const zone = fc.constantFrom(NY, BERLIN, 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC');
  const start = Date.UTC(2026, 0, 1);
  const instant = fc.integer({ min: 0, max: 365 * 24 * 60 }).map((m) => start + m * MIN);
  const input: fc.Arbitrary<PlanInput> = fc
    .record({
      zone,
      now: instant,
      settings,
      days: fc.integer({ min: 1, max: 14 }),
      count: fc.integer({ min: 0, max: 15 }),
    })
    .chain(({ zone, now, settings, days, count }) =>
      fc.record({
        zone: fc.constant(zone),
        now: fc.constant(now),
        settings: fc.constant(settings),
        days: fc.constant(days),
        busy: fc.array(
          fc
            .record({
              start: fc.integer({ min: 0, max: days * 1440 }),
              length: fc.integer({ min: 5, max: 600 }),
            })
            .map((b) => ({ start: now + b.start * MIN, end: now + (b.start + b.length) * MIN })),
          { maxLength: 12 },
        ),
        assignments: fc
          .array(
            fc.record({
              dueIn: fc.integer({ min: -1440, max: 20 * 1440 }),
              estimates: fc.array(fc.option(fc.integer({ min: 1, max: 600 }), { nil: null }), {
                maxLength: 4,
              }),
              focus: fc.integer({ min: 0, max: 300 }),
              status: fc.constantFrom('new', 'in progress', 'done'),
            }),
            { minLength: count, maxLength: count },
          )
          .map((list) =>
            list.map((a, i): PlanAssignment => ({
              id: `a${i}`,
              status: a.status,
              due_date: `${isoInZone(now + a.dueIn * MIN, zone).slice(0, 16)}:00`,
              subtasks: a.estimates.map((e) => ({ completed: false, estimate_minutes: e })),
              focus_minutes: a.focus,
            })),
          ),
      }),
    );

  it('keeps every rule: study hours, busy times, buffer, daily limit, lengths and breaks', () => {
    fc.assert(
      fc.property(input, (i) => {
        checkRules(i, planWeek(i));
      }),
      { numRuns: 200 },
    );
    // The bound is the number of runs, not the time: a busy machine may take several seconds.
  }, 60_000);

  it('is deterministic and places or reports all the work due inside the planned days', () => {
    fc.assert(
      fc.property(input, (i) => {
        const result = planWeek(i);
        expect(
          planWeek({
            ...i,
            assignments: [...i.assignments].reverse(),
            busy: [...i.busy].reverse(),
          }),
        ).toEqual(result);
        for (const u of result.unplanned) expect(u.minutes_short).toBeGreaterThan(0);
        for (const a of i.assignments) {
          const work = workLeftMinutes(a, i.settings.default_estimate_minutes);
          const placed = result.sessions
            .filter((s) => s.assignment_id === a.id)
            .reduce((sum, s) => sum + minutes(s), 0);
          const short = result.unplanned.find((u) => u.assignment_id === a.id)?.minutes_short ?? 0;
          // Never more than one session's rounding over the work, and what is short is really missing.
          expect(placed).toBeLessThan(work + 90);
          if (short > 0) expect(placed + short).toBeGreaterThanOrEqual(work);
        }
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

function halfHour(half: number): string {
  return `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}`;
}

describe('What now? and the plan', () => {
  const now = MONDAY_NOON;
  const items = [
    { id: 'urgent', status: 'new', due_date: '2026-03-02T18:00:00', subtasks: [] },
    { id: 'planned', status: 'new', due_date: '2026-03-09T18:00:00', subtasks: [] },
  ];
  const sessions = [{ assignment_id: 'planned', start: now - 10 * MIN, end: now + 35 * MIN }];

  it('prefers the session planned for now, and says so', () => {
    const wallNow = new Date(2026, 2, 2, 12, 0);
    expect(pickWhatNow(items, wallNow)?.assignment_id).toBe('urgent');
    const pick = pickWhatNow(items, wallNow, [], plannedAt(sessions, now));
    expect(pick?.assignment_id).toBe('planned');
    expect(pick?.reason).toMatch(/^Planned for now · Due /);
    // "Something else" passes over it like any pick.
    expect(pickWhatNow(items, wallNow, ['planned'], 'planned')?.assignment_id).toBe('urgent');
  });

  it('finds the session under way, and none between sessions', () => {
    expect(plannedAt(sessions, now)).toBe('planned');
    expect(plannedAt(sessions, now + 35 * MIN)).toBeNull();
    expect(plannedAt(sessions, now - 11 * MIN)).toBeNull();
  });
});
