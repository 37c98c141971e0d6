import { describe, expect, it } from 'vitest';
import {
  applyFocusEvent,
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

describe('wallClock', () => {
  it("reads the student's local time in their zone", () => {
    const now = new Date('2026-11-23T23:30:00Z');
    const berlin = wallClock(now, 'Europe/Berlin');
    expect([berlin.getDate(), berlin.getHours(), berlin.getMinutes()]).toEqual([24, 0, 30]);
    const la = wallClock(now, 'America/Los_Angeles');
    expect([la.getDate(), la.getHours()]).toEqual([23, 15]);
  });
});
