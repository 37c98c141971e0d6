import { describe, expect, it } from 'vitest';
import {
  applyFocusEvent,
  planFocusEvent,
  NOT_STARTED,
  OTHER_ASSIGNMENT,
  SESSION_CAP_MS,
  type EventOutcome,
  type FocusSessionDoc,
} from './sessions.ts';
import { wallClock } from './wallClock.ts';

const MIN = 60_000;
const t0 = Date.UTC(2026, 10, 23, 10);

function session(outcome: EventOutcome): FocusSessionDoc {
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.session;
}

describe('applyFocusEvent', () => {
  it('counts running time with the server clock, not paused time', () => {
    const started = session(applyFocusEvent(null, 'a', 'start', t0));
    const paused = applyFocusEvent(started, 'a', 'pause', t0 + 10 * MIN + 20_000);
    expect(paused).toMatchObject({ ok: true, creditMinutes: 10 });
    const resumed = session(applyFocusEvent(session(paused), 'a', 'resume', t0 + 60 * MIN));
    const finished = applyFocusEvent(resumed, 'a', 'finish', t0 + 65 * MIN);
    // 10 min 20 s + 5 min = 15 min 20 s: 15 in all, 10 of them added at the pause.
    expect(finished).toMatchObject({ ok: true, creditMinutes: 5 });
    expect(session(finished)).toMatchObject({ state: 'finished', credited_minutes: 15 });
  });

  it('caps a session at the length of the timer', () => {
    const started = session(applyFocusEvent(null, 'a', 'start', t0));
    const finished = applyFocusEvent(started, 'a', 'finish', t0 + 6 * 60 * MIN);
    expect(finished).toMatchObject({ ok: true, creditMinutes: SESSION_CAP_MS / MIN });
    // Resumed after the cap: nothing more counts.
    const paused = session(applyFocusEvent(started, 'a', 'pause', t0 + 30 * MIN));
    const resumed = session(applyFocusEvent(paused, 'a', 'resume', t0 + 31 * MIN));
    expect(applyFocusEvent(resumed, 'a', 'finish', t0 + 50 * MIN)).toMatchObject({
      creditMinutes: 0,
    });
  });

  it('changes nothing on repeats, and refuses events out of place', () => {
    const started = session(applyFocusEvent(null, 'a', 'start', t0));
    expect(applyFocusEvent(started, 'a', 'start', t0 + MIN)).toMatchObject({ changed: false });
    const finished = session(applyFocusEvent(started, 'a', 'finish', t0 + 3 * MIN));
    expect(applyFocusEvent(finished, 'a', 'finish', t0 + 9 * MIN)).toMatchObject({
      changed: false,
      creditMinutes: 0,
    });
    expect(applyFocusEvent(null, 'a', 'pause', t0)).toEqual({ ok: false, error: NOT_STARTED });
    expect(applyFocusEvent(started, 'b', 'pause', t0)).toEqual({
      ok: false,
      error: OTHER_ASSIGNMENT,
    });
  });
});

describe('whole minutes only', () => {
  it('adds a minute at the finish only once it has passed', () => {
    const started = session(applyFocusEvent(null, 'a', 'start', t0));
    for (const [ran, minutes] of [
      [32_000, 0],
      [59_999, 0],
      [60_000, 1],
      [119_999, 1],
    ] as const) {
      expect(applyFocusEvent(started, 'a', 'finish', t0 + ran), `${ran} ms`).toMatchObject({
        creditMinutes: minutes,
      });
    }
  });
});

describe('planFocusEvent: one open session per assignment', () => {
  const open = (id: string, s: FocusSessionDoc | null) => ({ id, session: s });

  it('a start while another session is open finishes that one now, with its time so far', () => {
    const laptop = session(applyFocusEvent(null, 'a', 'start', t0));
    const plan = planFocusEvent(null, 'phone', open('laptop', laptop), 'a', 'start', t0 + 10 * MIN);
    expect(plan.open).toBe('phone');
    expect(plan.closed).toMatchObject({
      id: 'laptop',
      creditMinutes: 10,
      session: { state: 'finished', counted_ms: 10 * MIN },
    });
    expect(session(plan.outcome)).toMatchObject({ state: 'running', running_since: t0 + 10 * MIN });
    // The laptop's later events change nothing: its session has ended.
    expect(
      planFocusEvent(
        plan.closed!.session,
        'laptop',
        open('phone', null),
        'a',
        'pause',
        t0 + 20 * MIN,
      ),
    ).toMatchObject({
      outcome: { changed: false, creditMinutes: 0 },
      closed: null,
      open: undefined,
    });
  });

  it('a retried start, or a start after the open one finished, closes nothing', () => {
    const first = session(applyFocusEvent(null, 'a', 'start', t0));
    expect(planFocusEvent(first, 's1', open('s1', first), 'a', 'start', t0 + MIN)).toMatchObject({
      outcome: { changed: false },
      closed: null,
      open: undefined,
    });
    const done = session(applyFocusEvent(first, 'a', 'finish', t0 + 2 * MIN));
    expect(planFocusEvent(null, 's2', open('s1', done), 'a', 'start', t0 + 3 * MIN)).toMatchObject({
      closed: null,
      open: 's2',
    });
  });

  it('the finish of the open session leaves none open; a pause keeps it open', () => {
    const s1 = session(applyFocusEvent(null, 'a', 'start', t0));
    expect(planFocusEvent(s1, 's1', open('s1', null), 'a', 'pause', t0 + MIN).open).toBeUndefined();
    expect(planFocusEvent(s1, 's1', open('s1', null), 'a', 'finish', t0 + MIN).open).toBeNull();
  });

  it('forty starts and finishes, in any order, add no more than the time that passed', () => {
    for (let round = 0; round < 50; round++) {
      const stored = new Map<string, FocusSessionDoc>();
      let openId: string | null = null;
      let added = 0;
      const apply = (id: string, event: 'start' | 'finish', at: number) => {
        const current = openId ? { id: openId, session: stored.get(openId) ?? null } : null;
        const plan = planFocusEvent(stored.get(id) ?? null, id, current, 'a', event, at);
        if (!plan.outcome.ok) return;
        stored.set(id, plan.outcome.session);
        added += plan.outcome.creditMinutes;
        if (plan.closed) {
          stored.set(plan.closed.id, plan.closed.session);
          added += plan.closed.creditMinutes;
        }
        if (plan.open !== undefined) openId = plan.open;
      };
      const ids = Array.from({ length: 40 }, (_, i) => `s${i}`);
      // Starts spread over the first 30 s, finishes over the next 60 s, in an order fixed by
      // the round (a small linear congruential generator, so a failure can be replayed).
      let seed = round + 1;
      const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
      const starts = ids.map((id) => [id, t0 + random() * 30_000] as const);
      const finishes = ids.map((id) => [id, t0 + 30_000 + random() * 60_000] as const);
      for (const [id, at] of [...starts].sort((x, y) => x[1] - y[1])) apply(id, 'start', at);
      let last = t0;
      for (const [id, at] of [...finishes].sort((x, y) => x[1] - y[1])) {
        apply(id, 'finish', at);
        last = at;
      }
      expect(added * MIN).toBeLessThanOrEqual(last - t0);
    }
  });
});

describe('wallClock', () => {
  it("reads the student's local time in their zone", () => {
    const now = new Date('2026-11-23T23:30:00Z');
    const berlin = wallClock(now, 'Europe/Berlin');
    expect([berlin.getDate(), berlin.getHours(), berlin.getMinutes()]).toEqual([24, 0, 30]);
    const la = wallClock(now, 'America/Los_Angeles');
    expect([la.getDate(), la.getHours()]).toEqual([23, 15]);
  });
});
